//! Inputs on which the official enumerates up to n**n column candidates: tabeq answers them
//! with the verdict the definition gives (speed is measured by bench/sql.py, not asserted here).

use tabeq_sql::{result_eq, Reason, Value};

fn cycles(n: usize, lengths: &[usize]) -> Vec<Vec<Value>> {
    let mut rows = Vec::new();
    let mut base = 0;
    for &length in lengths {
        for k in 0..length {
            let mut row = vec![Value::Int(0); n];
            row[base + k] = Value::Int(1);
            row[base + (k + 1) % length] = Value::Int(1);
            rows.push(row);
        }
        base += length;
    }
    rows
}

#[test]
fn a_long_cycle_is_not_two_short_ones() {
    for n in [8, 10, 12, 16] {
        let one = cycles(n, &[n]);
        let two = cycles(n, &[3, n - 3]);
        let out = result_eq(&one, &two, false).unwrap();
        assert!(!out.equal, "n = {n}");
        // Relabelled: columns rotated, rows reversed: equal.
        let rotated: Vec<Vec<Value>> = one
            .iter()
            .rev()
            .map(|r| (0..n).map(|c| r[(c + 3) % n].clone()).collect())
            .collect();
        let out = result_eq(&one, &rotated, false).unwrap();
        assert!(out.equal, "n = {n}");
        let Reason::Match { permutation } = out.reason else {
            panic!("{:?}", out.reason)
        };
        // The permutation it names does map one table onto the other (as row multisets).
        let mut mapped: Vec<String> = rotated
            .iter()
            .map(|r| {
                format!(
                    "{:?}",
                    permutation.iter().map(|&j| &r[j]).collect::<Vec<_>>()
                )
            })
            .collect();
        let mut gold: Vec<String> = one
            .iter()
            .map(|r| format!("{:?}", r.iter().collect::<Vec<_>>()))
            .collect();
        mapped.sort();
        gold.sort();
        assert_eq!(mapped, gold, "n = {n}");
    }
}

#[test]
fn three_rows_of_many_shifted_columns() {
    // Every column a cyclic shift of (1, 2, 3); shift counts (a, a, c) against (a, c, a) are the
    // same table up to a row rotation, (a, b, c) with distinct counts against (a, c, b) are not.
    let table = |counts: &[usize]| -> Vec<Vec<Value>> {
        let shifts: Vec<usize> = counts
            .iter()
            .enumerate()
            .flat_map(|(s, &k)| std::iter::repeat_n(s, k))
            .collect();
        (0..3)
            .map(|r| {
                shifts
                    .iter()
                    .map(|s| Value::Int(((r + s) % 3 + 1) as i64))
                    .collect()
            })
            .collect()
    };
    assert!(
        result_eq(&table(&[4, 4, 2]), &table(&[4, 2, 4]), false)
            .unwrap()
            .equal
    );
    let out = result_eq(&table(&[5, 3, 2]), &table(&[5, 2, 3]), false).unwrap();
    assert!(!out.equal);
    assert!(matches!(
        out.reason,
        Reason::QuickRejected { .. } | Reason::NoPermutation { .. }
    ));
}
