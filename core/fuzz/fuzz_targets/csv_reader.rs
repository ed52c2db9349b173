//! The strict CSV reader: never panics; agrees with a character-by-character CPython `csv`
//! state machine on acceptance and content; a table written back out reads identically, and
//! `Table::from_rows` rebuilds it.
#![no_main]

use libfuzzer_sys::fuzz_target;
use tabeq::csv::{read_table, Table, MAX_CELL_CHARACTERS, MAX_CSV_COLUMNS, MAX_CSV_ROWS};
use tabeq_fuzz::{reference_csv, table_rows, write_csv};

fuzz_target!(|data: &[u8]| {
    let actual = read_table(data);
    let expected = reference_csv(data);
    match (&actual, &expected) {
        (Ok(table), Some(records)) => assert_eq!(&table_rows(table), records, "content differs"),
        (Err(_), None) => {}
        (Ok(table), None) => panic!("core accepted, reference refused: {:?}", table_rows(table)),
        (Err(e), Some(records)) => panic!("core refused ({e}), reference accepted: {records:?}"),
    }
    let Ok(table) = actual else { return };
    assert!((1..=MAX_CSV_COLUMNS).contains(&table.column_count()));
    assert!(table.row_count() <= MAX_CSV_ROWS);
    let rows = table_rows(&table);
    for cell in rows.iter().flatten() {
        assert!(!cell.contains('\0'));
        assert!(cell.chars().count() <= MAX_CELL_CHARACTERS);
    }
    for c in 0..table.column_count() {
        let column: Vec<&str> = table.column(c).collect();
        let expected: Vec<&str> = (0..table.row_count()).map(|r| table.cell(r, c)).collect();
        assert_eq!(column, expected);
    }
    let again = read_table(&write_csv(&rows)).expect("a written table reads back");
    assert_eq!(table_rows(&again), rows, "round trip");
    let rebuilt = Table::from_rows(&rows).expect("from_rows accepts a read table");
    assert_eq!(table_rows(&rebuilt), rows, "from_rows");
});
