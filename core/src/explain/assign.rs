//! Polynomial assignment algorithms on at most 64 × 64 column pairs.

/// A maximum-weight one-to-one assignment of rows to columns of a rectangular weight
/// matrix (Hungarian algorithm, O(r²·c)). Every row is assigned when rows ≤ columns,
/// every column otherwise. Returns for each row its column, or `None`.
pub(crate) fn max_weight_assignment(weights: &[Vec<i64>]) -> Vec<Option<usize>> {
    let rows = weights.len();
    let cols = weights.first().map_or(0, Vec::len);
    if rows == 0 || cols == 0 {
        return vec![None; rows];
    }
    if rows <= cols {
        hungarian(rows, cols, |r, c| weights[r][c])
            .into_iter()
            .map(Some)
            .collect()
    } else {
        let by_column = hungarian(cols, rows, |c, r| weights[r][c]);
        let mut out = vec![None; rows];
        for (c, r) in by_column.into_iter().enumerate() {
            out[r] = Some(c);
        }
        out
    }
}

/// Classic O(n²m) Hungarian algorithm with potentials, maximizing `weight(row, col)` over
/// n ≤ m; returns each row's column. Ties resolve deterministically (lowest column first).
fn hungarian(n: usize, m: usize, weight: impl Fn(usize, usize) -> i64) -> Vec<usize> {
    const INF: i64 = i64::MAX / 4;
    // 1-based arrays as in the textbook formulation; cost = -weight.
    let mut u = vec![0i64; n + 1];
    let mut v = vec![0i64; m + 1];
    let mut owner = vec![0usize; m + 1]; // column -> row (0 = free)
    let mut way = vec![0usize; m + 1];
    for row in 1..=n {
        owner[0] = row;
        let mut col0 = 0usize;
        let mut min_to = vec![INF; m + 1];
        let mut used = vec![false; m + 1];
        loop {
            used[col0] = true;
            let r0 = owner[col0];
            let mut delta = INF;
            let mut col1 = 0usize;
            for col in 1..=m {
                if used[col] {
                    continue;
                }
                let reduced = -weight(r0 - 1, col - 1) - u[r0] - v[col];
                if reduced < min_to[col] {
                    min_to[col] = reduced;
                    way[col] = col0;
                }
                if min_to[col] < delta {
                    delta = min_to[col];
                    col1 = col;
                }
            }
            for col in 0..=m {
                if used[col] {
                    u[owner[col]] += delta;
                    v[col] -= delta;
                } else {
                    min_to[col] -= delta;
                }
            }
            col0 = col1;
            if owner[col0] == 0 {
                break;
            }
        }
        loop {
            let col1 = way[col0];
            owner[col0] = owner[col1];
            col0 = col1;
            if col0 == 0 {
                break;
            }
        }
    }
    let mut out = vec![0usize; n];
    for col in 1..=m {
        if owner[col] != 0 {
            out[owner[col] - 1] = col - 1;
        }
    }
    out
}

/// A maximum bipartite matching of left vertices into right vertices given as bit masks
/// (at most 64 right vertices). Returns the right vertex matched to each left vertex.
pub(crate) fn max_matching(edges: &[u64]) -> Vec<Option<usize>> {
    let mut owner: [Option<usize>; 64] = [None; 64];
    for left in 0..edges.len() {
        let mut seen = 0u64;
        augment(edges, left, &mut seen, &mut owner);
    }
    let mut out = vec![None; edges.len()];
    for (right, left) in owner.iter().enumerate() {
        if let Some(l) = left {
            out[*l] = Some(right);
        }
    }
    out
}

fn augment(edges: &[u64], left: usize, seen: &mut u64, owner: &mut [Option<usize>; 64]) -> bool {
    let mut candidates = edges[left] & !*seen;
    while candidates != 0 {
        let right = candidates.trailing_zeros() as usize;
        candidates &= candidates - 1;
        if *seen & (1 << right) != 0 {
            continue;
        }
        *seen |= 1 << right;
        let free = match owner[right] {
            None => true,
            Some(other) => augment(edges, other, seen, owner),
        };
        if free {
            owner[right] = Some(left);
            return true;
        }
    }
    false
}

/// When the matching leaves a left vertex unmatched: the left vertices reachable from it by
/// alternating paths, and their right neighbours — a set of lefts with fewer rights than
/// lefts (Hall's condition fails on it). Both lists ascending.
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

#[cfg(test)]
mod tests {
    use super::*;

    fn brute_best(weights: &[Vec<i64>]) -> i64 {
        fn go(w: &[Vec<i64>], row: usize, used: &mut Vec<bool>) -> i64 {
            if row == w.len() {
                return 0;
            }
            let mut best = i64::MIN;
            for c in 0..used.len() {
                if !used[c] {
                    used[c] = true;
                    best = best.max(w[row][c] + go(w, row + 1, used));
                    used[c] = false;
                }
            }
            best
        }
        go(weights, 0, &mut vec![false; weights[0].len()])
    }

    #[test]
    fn hungarian_is_optimal_on_small_matrices() {
        let mut seed = 7u64;
        let mut next = move || {
            seed = seed
                .wrapping_mul(6364136223846793005)
                .wrapping_add(1442695040888963407);
            (seed >> 33) % 10
        };
        for _ in 0..300 {
            let rows = 1 + next() as usize % 5;
            let cols = rows + next() as usize % 3;
            let w: Vec<Vec<i64>> = (0..rows)
                .map(|_| (0..cols).map(|_| next() as i64).collect())
                .collect();
            let got = max_weight_assignment(&w);
            let mut used = vec![false; cols];
            let mut total = 0;
            for (r, c) in got.iter().enumerate() {
                let c = c.unwrap();
                assert!(!used[c]);
                used[c] = true;
                total += w[r][c];
            }
            assert_eq!(total, brute_best(&w));
            // The transposed problem leaves some rows unassigned but has the same optimum.
            let t: Vec<Vec<i64>> = (0..cols)
                .map(|c| (0..rows).map(|r| w[r][c]).collect())
                .collect();
            let got_t = max_weight_assignment(&t);
            let total_t: i64 = got_t
                .iter()
                .enumerate()
                .filter_map(|(c, r)| r.map(|r| t[c][r]))
                .sum();
            assert_eq!(total_t, total);
            assert_eq!(got_t.iter().flatten().count(), rows);
        }
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
}
