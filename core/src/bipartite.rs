//! Bipartite matching on bitsets: left vertices (gold columns) with their right neighbours
//! (prediction columns, at most 64) as bit masks. The column search, the gold-less
//! validation and the diagnosis all ask these questions of the same kind of graph.

/// The mask of the first `d` right vertices.
pub(crate) fn full_mask(d: usize) -> u64 {
    if d >= 64 {
        u64::MAX
    } else {
        (1u64 << d) - 1
    }
}

/// Try to give left vertex `j` a right vertex in `free`, re-assigning others along an
/// augmenting path (Kuhn's algorithm). `owner` maps right vertices to left ones.
fn augment(edges: &[u64], free: u64, j: usize, seen: &mut u64, owner: &mut [usize; 64]) -> bool {
    let mut candidates = edges.get(j).copied().unwrap_or(0) & free & !*seen;
    while candidates != 0 {
        let k = candidates.trailing_zeros() as usize;
        candidates &= candidates - 1;
        if *seen & (1 << k) != 0 {
            continue;
        }
        *seen |= 1 << k;
        if owner[k] == usize::MAX || augment(edges, free, owner[k], seen, owner) {
            owner[k] = j;
            return true;
        }
    }
    false
}

/// Whether left vertices `first..` can all be matched into `free` (O(d²) word operations).
pub(crate) fn has_perfect_matching(edges: &[u64], free: u64, first: usize) -> bool {
    let d = edges.len();
    if d.saturating_sub(first) > free.count_ones() as usize {
        return false;
    }
    let mut owner = [usize::MAX; 64];
    (first..d).all(|j| {
        let mut seen = 0u64;
        augment(edges, free, j, &mut seen, &mut owner)
    })
}

/// The lexicographically first perfect matching (right vertex per left vertex), if any:
/// the smallest choice per left vertex that keeps the rest matchable.
pub(crate) fn first_perfect_matching(edges: &[u64]) -> Option<Vec<usize>> {
    let d = edges.len();
    if d == 0 || d > 64 {
        return None;
    }
    let mut free = full_mask(d);
    let mut out = Vec::with_capacity(d);
    for j in 0..d {
        let mut candidates = edges[j] & free;
        let mut chosen = None;
        while candidates != 0 {
            let k = candidates.trailing_zeros() as usize;
            candidates &= candidates - 1;
            if has_perfect_matching(edges, free & !(1 << k), j + 1) {
                chosen = Some(k);
                break;
            }
        }
        let k = chosen?;
        free &= !(1 << k);
        out.push(k);
    }
    Some(out)
}

/// A maximum matching: the right vertex matched to each left vertex.
pub(crate) fn max_matching(edges: &[u64]) -> Vec<Option<usize>> {
    let mut owner = [usize::MAX; 64];
    for left in 0..edges.len() {
        let mut seen = 0u64;
        augment(edges, u64::MAX, left, &mut seen, &mut owner);
    }
    let mut out = vec![None; edges.len()];
    for (right, &left) in owner.iter().enumerate() {
        if left != usize::MAX {
            out[left] = Some(right);
        }
    }
    out
}

/// When a maximum matching leaves a left vertex unmatched: the left vertices reachable from
/// it by alternating paths, and their right neighbours — a set of lefts with fewer rights
/// than lefts (Hall's condition fails on it). Both lists ascending.
pub(crate) fn hall_violator(
    edges: &[u64],
    matching: &[Option<usize>],
) -> Option<(Vec<usize>, Vec<usize>)> {
    let start = matching.iter().position(Option::is_none)?;
    let mut right_owner: [Option<usize>; 64] = [None; 64];
    for (left, right) in matching.iter().enumerate() {
        if let Some(r) = right {
            right_owner[*r] = Some(left);
        }
    }
    let mut lefts = vec![start];
    let mut left_seen = vec![false; edges.len()];
    left_seen[start] = true;
    let mut rights = 0u64;
    let mut i = 0;
    while i < lefts.len() {
        let mut new = edges[lefts[i]] & !rights;
        rights |= new;
        while new != 0 {
            let r = new.trailing_zeros() as usize;
            new &= new - 1;
            if let Some(l) = right_owner[r] {
                if !left_seen[l] {
                    left_seen[l] = true;
                    lefts.push(l);
                }
            }
        }
        i += 1;
    }
    lefts.sort_unstable();
    let rights = (0..64).filter(|r| rights & (1u64 << r) != 0).collect();
    Some((lefts, rights))
}

/// The splitmix64 finalizer: a cheap, well-mixed 64-bit hash step.
#[inline]
pub(crate) fn mix64(mut x: u64) -> u64 {
    x ^= x >> 30;
    x = x.wrapping_mul(0xbf58_476d_1ce4_e5b9);
    x ^= x >> 27;
    x = x.wrapping_mul(0x94d0_49bb_1331_11eb);
    x ^ (x >> 31)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn first_perfect_matching_handles_wide_and_impossible_cases() {
        assert_eq!(
            first_perfect_matching(&[u64::MAX; 64]),
            Some((0..64).collect())
        );
        // Two left vertices that both only reach right vertex 0.
        assert_eq!(first_perfect_matching(&[1, 1]), None);
        // The greedy choice must skip 0 for left 0 because left 1 needs it.
        assert_eq!(first_perfect_matching(&[0b11, 0b01]), Some(vec![1, 0]));
        assert_eq!(first_perfect_matching(&[]), None);
    }

    #[test]
    fn hall_violator_names_the_bottleneck() {
        // Lefts 0 and 1 both only reach right 2; left 2 reaches 0 and 1.
        let edges = [0b100, 0b100, 0b011];
        let m = max_matching(&edges);
        assert_eq!(m.iter().flatten().count(), 2);
        let (lefts, rights) = hall_violator(&edges, &m).unwrap();
        assert_eq!(lefts, vec![0, 1]);
        assert_eq!(rights, vec![2]);
        assert!(hall_violator(&[0b01, 0b10], &max_matching(&[0b01, 0b10])).is_none());
        let (lefts, rights) = hall_violator(&[0, 0b1], &max_matching(&[0, 0b1])).unwrap();
        assert_eq!((lefts, rights), (vec![0], vec![]));
    }

    #[test]
    fn has_perfect_matching_respects_the_free_columns() {
        assert!(has_perfect_matching(&[0b01, 0b10], 0b11, 0));
        assert!(!has_perfect_matching(&[0b01, 0b01], 0b11, 0));
        assert!(has_perfect_matching(&[0b01, 0b01], 0b01, 1));
    }
}
