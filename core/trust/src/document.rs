//! Trust reports as [`Document`]s: the tables of the paper (percentages with two decimals), the
//! completeness findings, the comparisons and the charts. Every surface (Python's `print(report)`
//! and notebook views, `tabeq trust`, the web page) renders these documents, so they read the same.

use std::collections::{BTreeMap, BTreeSet};

use tabeq::doc::{Align, Block, Cell, Column, Document, Section, Table, Tone};

use super::chart::{self, Series};
use super::compare::Comparison;
use super::completeness::Finding;
use super::group::GroupRow;
use super::group::{key_text, mean_finite, without_dataset, Key, KeyPart, PartialAverage};
use super::operators::Level;
use super::options::{Bootstrap, GroupKey, TableLayout};
use super::reliability::{RelAverage, RelCounts, RelRow, ReliabilityReport, SectionKeys};
use super::robustness::{Attacks, RobAverage, RobRow, RobustnessReport};
use super::trend::LevelTrend;

thread_local! {
    // The decimals of percentages while a document is built (the layout's `decimals`). A
    // thread-local rather than a parameter: the cell builders are `fn` pointers in the
    // layout tables below, and a document is built on one thread from start to end.
    static DECIMALS: core::cell::Cell<usize> = const { core::cell::Cell::new(2) };
}

/// A fraction as a percentage with two decimals (the layout's while a document is built), `-`
/// when undefined.
pub fn pct(value: Option<f64>) -> String {
    match value {
        Some(v) if v.is_finite() => format!("{:.*}", DECIMALS.get(), 100.0 * v),
        _ => "-".into(),
    }
}

/// Build a document with the layout's decimals, then its row order and columns, then the
/// footnote under each table that still shows a partial average.
fn laid_out(layout: &TableLayout, build: impl FnOnce() -> Document) -> Document {
    let before = DECIMALS.replace(layout.decimals.unwrap_or(2));
    let mut doc = build();
    DECIMALS.set(before);
    // The report checked the layout against this document when it was computed.
    let _ = layout.apply(&mut doc);
    for section in &mut doc.sections {
        let marked = section.blocks.iter().rposition(|b| match b {
            Block::Table(t) => t
                .rows
                .iter()
                .any(|r| r.cells.iter().any(|c| c.text.contains(DAGGER))),
            _ => false,
        });
        if let Some(at) = marked {
            section
                .blocks
                .insert(at + 1, Block::paragraph(PARTIAL_FOOTNOTE));
        }
    }
    doc
}

/// Marks an "Avg." value that averages fewer datasets than the report has.
pub const DAGGER: char = '\u{2020}';

/// The footnote under a table with a partial average.
pub const PARTIAL_FOOTNOTE: &str =
    "\u{2020} Averages only the datasets where the value exists, fewer than the table has.";

/// A value's text with the dagger after its number (before any interval) when `partial`.
fn dagger(text: String, partial: bool) -> String {
    if !partial || text == "-" {
        return text;
    }
    match text.split_once(' ') {
        Some((value, rest)) => format!("{value}{DAGGER} {rest}"),
        None => format!("{text}{DAGGER}"),
    }
}

/// Whether the value `name` of an "Avg." row is partial.
fn is_partial(partial: Option<&PartialAverage>, name: &str) -> bool {
    partial.is_some_and(|p| p.has(name))
}

fn pct_ci(value: Option<f64>, ci: Option<(f64, f64)>) -> String {
    match ci {
        Some((lo, hi)) => format!("{} [{}, {}]", pct(value), pct(Some(lo)), pct(Some(hi))),
        None => pct(value),
    }
}

fn p_text(p: Option<f64>) -> String {
    match p {
        Some(p) if p.is_finite() => format!("{p:.3}"),
        _ => "-".into(),
    }
}

fn num(text: impl Into<String>) -> Cell {
    Cell::text(text)
}

fn left(title: &str) -> Column {
    Column::new(title, Align::Left)
}

fn right(title: &str) -> Column {
    Column::new(title, Align::Right)
}

/// Column title of a grouping key.
fn key_title(key: &GroupKey) -> String {
    let name = key.name();
    let mut chars = name.chars();
    match chars.next() {
        Some(first) if key.is_builtin() => first.to_uppercase().chain(chars).collect(),
        _ => name.to_string(),
    }
}

fn key_cells(key: &Key) -> Vec<Cell> {
    key.iter()
        .map(|(_, text)| Cell::text(text.clone()))
        .collect()
}

fn facts(items: Vec<(&str, String)>) -> Block {
    Block::Facts {
        items: items.into_iter().map(|(k, v)| (k.to_string(), v)).collect(),
    }
}

fn by_text(by: &[GroupKey]) -> String {
    if by.is_empty() {
        "(one group)".into()
    } else {
        by.iter().map(GroupKey::name).collect::<Vec<_>>().join(", ")
    }
}

fn completeness_section(findings: &[Finding]) -> Section {
    let mut section = Section::new("Completeness").with_id("completeness");
    if findings.is_empty() {
        section.push(Block::note(Tone::Info, "no completeness problems found"));
    }
    for f in findings {
        section.push(Block::note(
            Tone::Warning,
            format!("{}: {}", f.code.code(), f.message),
        ));
    }
    section
}

fn comparison_section(comparisons: &[Comparison], metric: &str) -> Option<Section> {
    let first = comparisons.first()?;
    // Comparisons within groups lead with the group's key columns (Holm runs per group).
    let within: Vec<&str> = first.within_key.iter().map(|(k, _)| k.as_str()).collect();
    let mut columns: Vec<Column> = within.iter().map(|k| left(&title_case(k))).collect();
    columns.extend([
        left("Model A"),
        left("Model B"),
        right("shared"),
        right(&format!("{metric} A")),
        right(&format!("{metric} B")),
        right("A − B"),
        right("95% CI"),
        right("p (exact)"),
        right("p (Holm)"),
    ]);
    let mut table = Table::new(columns);
    for c in comparisons {
        let mut cells: Vec<Cell> = c
            .within_key
            .iter()
            .map(|(_, v)| Cell::text(v.clone()))
            .collect();
        cells.extend([
            Cell::text(c.a.clone()),
            Cell::text(c.b.clone()),
            num(c.shared.to_string()),
            num(pct(Some(c.mean_a))),
            num(pct(Some(c.mean_b))),
            num(pct(Some(c.difference))),
            num(match c.ci {
                Some((lo, hi)) => format!("[{}, {}]", pct(Some(lo)), pct(Some(hi))),
                None => "-".into(),
            }),
            num(p_text(c.p_value)),
            num(p_text(c.p_holm)),
        ]);
        table.push_row(cells);
    }
    let caption = if within.is_empty() {
        format!("Paired differences of {metric} on shared instances")
    } else {
        format!(
            "Paired differences of {metric} on shared instances, within each {} (Holm per {})",
            within.join(" × "),
            within.join(" × ")
        )
    };
    Some(
        Section::new("Comparisons")
            .with_id("comparisons")
            .block(Block::Table(table.captioned(caption))),
    )
}

/// `dataset` → `Dataset` (custom field names stay as written).
fn title_case(name: &str) -> String {
    GroupKey::parse(name).map_or_else(|| name.to_string(), |k| key_title(&k))
}

fn rel_rate_cells(row: &RelRow) -> Vec<Cell> {
    let c = &row.stats;
    let ci = row.ci.as_ref();
    vec![
        num(c.n().to_string()),
        num(pct(Some(c.frr()))),
        num(pct(Some(c.prr()))),
        num(pct(Some(c.nrr()))),
        num(pct_ci(Some(c.mrs()), ci.and_then(|i| i.mrs))),
    ]
}

fn rel_rate_columns(prefix: &str) -> Vec<Column> {
    ["n", "FRR", "PRR", "NRR", "MRS"]
        .iter()
        .map(|t| right(&format!("{prefix}{t}")))
        .collect()
}

/// Key columns of a long table (one blank column for the pooled row).
fn key_columns(names: &[GroupKey]) -> Vec<Column> {
    let mut columns: Vec<Column> = names.iter().map(|k| left(&key_title(k))).collect();
    if names.is_empty() {
        columns.push(left(""));
    }
    columns
}

/// Key cells of a long table's row (`All` for the pooled row).
fn key_cells_or_all(names: &[GroupKey], key: &Key) -> Vec<Cell> {
    if names.is_empty() {
        vec![Cell::text("All")]
    } else {
        key_cells(key)
    }
}

/// How a track's main table shows a row and an "Avg." row.
struct Layout<R, A> {
    /// A row's columns, their titles prefixed (a dataset's name in the wide layout).
    columns: fn(&str) -> Vec<Column>,
    /// A row's cells, one per column.
    cells: fn(&R) -> Vec<Cell>,
    /// The "Avg." columns of the wide layout.
    average_columns: fn() -> Vec<Column>,
    /// An "Avg." row's cells in the wide layout.
    average_cells: fn(&A) -> Vec<Cell>,
    /// An "Avg." row's cells after its blank count in the long layout.
    long_average_cells: fn(&A) -> Vec<Cell>,
    /// An "Avg." row's key.
    average_key: fn(&A) -> &Key,
}

impl<S, C, A> Layout<GroupRow<S, C>, A> {
    /// One row per group: key columns, then the row's columns.
    fn long_table(&self, names: &[GroupKey], rows: &[GroupRow<S, C>]) -> Table {
        let mut columns = key_columns(names);
        columns.extend((self.columns)(""));
        let mut table = Table::new(columns);
        for row in rows {
            let mut cells = key_cells_or_all(names, &row.key);
            cells.extend((self.cells)(row));
            table.push_row(cells);
        }
        table
    }

    /// The main table: one column block per dataset when grouped by dataset and something
    /// else (the paper's layout, "Avg." last), else the long table with "Avg." rows below.
    fn main_table(&self, by: &[GroupKey], rows: &[GroupRow<S, C>], averages: &[A]) -> Table {
        let Some(Wide {
            others,
            row_keys,
            datasets,
            grid,
        }) = wide_layout(by, rows, |r| &r.key)
        else {
            let mut table = self.long_table(by, rows);
            for a in averages {
                let mut cells: Vec<Cell> = by
                    .iter()
                    .map(|k| Cell::text(if *k == GroupKey::Dataset { "Avg." } else { "" }))
                    .collect();
                cells.push(Cell::text(""));
                cells.extend((self.long_average_cells)(a));
                table.push_row(cells);
            }
            return table;
        };
        let mut columns: Vec<Column> = others.iter().map(|k| left(&key_title(k))).collect();
        for d in &datasets {
            columns.extend((self.columns)(&format!("{d} ")));
        }
        let average_columns = (self.average_columns)();
        let blanks = |n: usize| (0..n).map(|_| Cell::text(""));
        let (width, average_width) = ((self.columns)("").len(), average_columns.len());
        columns.extend(average_columns);
        let mut table = Table::new(columns);
        for (key, cells_of) in row_keys.iter().zip(&grid) {
            let mut cells = key_cells(key);
            for cell in cells_of {
                match cell {
                    Some(r) => cells.extend((self.cells)(r)),
                    None => cells.extend(blanks(width)),
                }
            }
            match averages.iter().find(|a| (self.average_key)(a) == key) {
                Some(a) => cells.extend((self.average_cells)(a)),
                None => cells.extend(blanks(average_width)),
            }
            table.push_row(cells);
        }
        table
    }
}

/// The paper's layout of grouped rows: the keys other than dataset, each row key, each dataset,
/// and the row (if any) of each row key × dataset.
struct Wide<'a, R> {
    others: Vec<GroupKey>,
    row_keys: Vec<Key>,
    datasets: Vec<String>,
    grid: Vec<Vec<Option<&'a R>>>,
}

/// Rows split at key position `at`: the distinct values there (sorted) as columns, the rest
/// of the key (sorted) as rows, and the row of each (row, column) pair.
struct Grid<'a, R> {
    columns: Vec<KeyPart>,
    row_keys: Vec<Key>,
    cells: Vec<Vec<Option<&'a R>>>,
}

fn grid<'a, R>(rows: &'a [R], at: usize, key_of: impl Fn(&R) -> &Key) -> Grid<'a, R> {
    let split = |r: &R| {
        let mut rest = key_of(r).clone();
        let column = rest.remove(at);
        (column, rest)
    };
    // Sorted sets and binary search: a scan per row grew as rows × (columns + row keys).
    let mut column_set: BTreeSet<KeyPart> = BTreeSet::new();
    let mut row_set: BTreeSet<Key> = BTreeSet::new();
    for (column, rest) in rows.iter().map(split) {
        column_set.insert(column);
        row_set.insert(rest);
    }
    let columns: Vec<KeyPart> = column_set.into_iter().collect();
    let row_keys: Vec<Key> = row_set.into_iter().collect();
    let mut cells = vec![vec![None; columns.len()]; row_keys.len()];
    for r in rows {
        let (column, rest) = split(r);
        if let (Ok(i), Ok(j)) = (
            row_keys.binary_search(&rest),
            columns.binary_search(&column),
        ) {
            cells[i][j] = Some(r);
        }
    }
    Grid {
        columns,
        row_keys,
        cells,
    }
}

/// Rows of `others` × one column block per dataset (the paper's layout), then "Avg.".
/// The most cells a wide layout (rows × datasets) may have beyond twice its groups: a sparse
/// grid (thousands of models each on a few of thousands of datasets) would grow as the square of
/// the input, so it gets the long table (one row per group) instead.
const WIDE_MAX_SPARSE_CELLS: usize = 10_000;

/// Whether the rows × datasets grid of `rows` is small or at least half full.
fn dense_enough<R>(rows: &[R], dataset_at: usize, key_of: impl Fn(&R) -> &Key) -> bool {
    let mut datasets = BTreeSet::new();
    let mut others = BTreeSet::new();
    for r in rows {
        let key = key_of(r);
        datasets.insert(&key[dataset_at]);
        others.insert(
            key.iter()
                .enumerate()
                .filter(|(i, _)| *i != dataset_at)
                .map(|(_, part)| part)
                .collect::<Vec<_>>(),
        );
    }
    let cells = datasets.len().saturating_mul(others.len());
    cells <= WIDE_MAX_SPARSE_CELLS.max(2 * rows.len())
}

fn wide_layout<'a, R>(
    by: &[GroupKey],
    rows: &'a [R],
    key_of: impl Fn(&R) -> &Key,
) -> Option<Wide<'a, R>> {
    let (dataset_at, others) = without_dataset(by)?;
    if others.is_empty() || !dense_enough(rows, dataset_at, &key_of) {
        return None;
    }
    let Grid {
        columns,
        row_keys,
        cells,
    } = grid(rows, dataset_at, key_of);
    Some(Wide {
        others,
        row_keys,
        datasets: columns.into_iter().map(|(_, t)| t).collect(),
        grid: cells,
    })
}

fn figures_section(figures: Vec<(String, String)>) -> Option<Section> {
    if figures.is_empty() {
        return None;
    }
    let mut section = Section::new("Charts").with_id("charts");
    for (caption, svg) in figures {
        section.push(Block::Figure { caption, svg });
    }
    Some(section)
}

fn series_name(key: &Key) -> String {
    key_text(key, "All")
}

/// A report's document begins: its sizes, grouping and bootstrap as facts.
fn report_start(
    title: &str,
    mut sizes: Vec<(&str, String)>,
    by: &[GroupKey],
    bootstrap: Option<&Bootstrap>,
) -> Document {
    sizes.push(("grouped by", by_text(by)));
    sizes.push(("bootstrap", bootstrap_text(bootstrap)));
    Document::new(title).lead(facts(sizes))
}

fn main_section(title: &str, main: Table) -> Section {
    Section::new(title)
        .with_id("groups")
        .block(Block::Table(main))
}

/// A report's document ends: comparisons, completeness and charts.
fn report_end(
    mut doc: Document,
    comparisons: &[Comparison],
    metric: &str,
    findings: &[Finding],
    figures: Vec<(String, String)>,
) -> Document {
    if let Some(s) = comparison_section(comparisons, metric) {
        doc = doc.section(s);
    }
    doc = doc.section(completeness_section(findings));
    if let Some(s) = figures_section(figures) {
        doc = doc.section(s);
    }
    doc
}

fn rel_average_rates(a: &RelAverage) -> Vec<Cell> {
    let mrs = a.ci.as_ref().and_then(|i| i.mrs);
    let partial = a.partial.is_some();
    vec![
        num(dagger(pct(Some(a.rates[0])), partial)),
        num(dagger(pct(Some(a.rates[1])), partial)),
        num(dagger(pct(Some(a.rates[2])), partial)),
        num(dagger(pct_ci(Some(a.rates[3]), mrs), partial)),
    ]
}

const RELIABILITY_LAYOUT: Layout<RelRow, RelAverage> = Layout {
    columns: rel_rate_columns,
    cells: rel_rate_cells,
    average_columns: || vec![right("Avg. MRS")],
    average_cells: |a| {
        vec![num(dagger(
            pct_ci(Some(a.rates[3]), a.ci.as_ref().and_then(|i| i.mrs)),
            a.partial.is_some(),
        ))]
    },
    long_average_cells: rel_average_rates,
    average_key: |a| &a.key,
};

impl ReliabilityReport {
    /// The report as a document: the main table (one column block per dataset when grouped by
    /// dataset and something else, laid out as the options' `layout` says), operator families
    /// and all operators (micro), Spearman agreement, completeness, comparisons and charts.
    pub fn to_document(&self) -> Document {
        laid_out(&self.layout, || self.plain_document())
    }

    /// The document before the layout.
    pub(crate) fn plain_document(&self) -> Document {
        let by = &self.by;
        let mut sizes = vec![("records", self.records.to_string())];
        if self.average == super::options::Average::Pooled {
            sizes.push(("Avg.", "records pooled across datasets".to_string()));
        }
        let main = RELIABILITY_LAYOUT.main_table(by, &self.groups, &self.dataset_average);
        let mut doc = report_start("Reliability", sizes, by, self.bootstrap.as_ref())
            .section(main_section("MRS by group", main));
        let keys = SectionKeys::of(by);
        for (title, id, names, rows) in [
            (
                "Operator families (micro)",
                "families",
                &keys.families,
                &self.families,
            ),
            (
                "All operators (micro)",
                "pooled",
                &keys.pooled,
                &self.pooled,
            ),
        ] {
            if !rows.is_empty() {
                let table = RELIABILITY_LAYOUT.long_table(names, rows);
                doc = doc.section(Section::new(title).with_id(id).block(Block::Table(table)));
            }
        }
        if !self.rank_agreement.is_empty() {
            let mut table = Table::new(vec![
                left("Dataset A"),
                left("Dataset B"),
                right("n"),
                right("rho"),
                right("p (t)"),
                right(
                    if self
                        .rank_agreement
                        .iter()
                        .all(|a| a.exact.method == super::stats::PMethod::Exact)
                    {
                        "p (exact)"
                    } else {
                        "p (permutation)"
                    },
                ),
                right("95% CI"),
            ]);
            for a in &self.rank_agreement {
                let s = &a.spearman;
                table.push_row(vec![
                    Cell::text(a.datasets[0].clone()),
                    Cell::text(a.datasets[1].clone()),
                    num(s.n.to_string()),
                    num(s.rho.map_or("-".into(), |r| format!("{r:.2}"))),
                    num(p_text(s.p_value)),
                    num(p_text(a.exact.p_value)),
                    num(match a.exact.ci {
                        Some((lo, hi)) => format!("[{lo:.2}, {hi:.2}]"),
                        None => "-".into(),
                    }),
                ]);
            }
            doc = doc.section(
                Section::new("Spearman agreement of MRS across datasets")
                    .with_id("rank_agreement")
                    .block(Block::Table(table)),
            );
        }
        report_end(
            doc,
            &self.comparisons,
            "MRS",
            &self.findings,
            self.figures(),
        )
    }

    fn figures(&self) -> Vec<(String, String)> {
        let mut figures = Vec::new();
        let by = &self.by;
        if let Some(Wide {
            row_keys,
            datasets,
            grid,
            ..
        }) = wide_layout(by, &self.groups, |r: &RelRow| &r.key)
        {
            let average = |key: &Key| {
                let a = self.dataset_average.iter().find(|a| a.key == *key)?;
                Some(a.rates[3])
            };
            let (categories, series) = with_average(&datasets, &row_keys, &grid, average, |r| {
                Some(r.stats.mrs())
            });
            let caption = "MRS by model and dataset".to_string();
            figures.push((
                caption.clone(),
                chart::heatmap(&caption, &categories, &series),
            ));
        }
        if let Some(model_at) = by.iter().position(|k| *k == GroupKey::Model) {
            // The paper's Figure 4: how each model's responses split, all its labels pooled.
            let (columns, pooled) = pooled_counts(&self.groups, model_at);
            let models: Vec<String> = columns.iter().map(|(_, t)| t.clone()).collect();
            let models = self.layout.ordered(models);
            let order: Vec<usize> = models
                .iter()
                .filter_map(|m| columns.iter().position(|(_, t)| t == m))
                .collect();
            let part = |name: &str, share: fn(&RelCounts) -> f64| Series {
                name: name.to_string(),
                values: order
                    .iter()
                    .map(|&i| (pooled[i].n() > 0).then(|| share(&pooled[i])))
                    .collect(),
            };
            let parts = [
                part("full refusal", RelCounts::frr),
                part("partial refusal", RelCounts::prr),
                part("no refusal (answered)", RelCounts::nrr),
            ];
            let caption = "Response modes by model".to_string();
            figures.push((caption.clone(), chart::stacked(&caption, &models, &parts)));
        }
        if let Some(op_at) = by.iter().position(|k| *k == GroupKey::Operator) {
            let (categories, series) = split_series(&self.groups, op_at, |r: &RelRow| {
                (&r.key, Some(r.stats.mrs()))
            });
            let g = grid(&self.groups, op_at, |r: &RelRow| &r.key);
            let intervals: Vec<Vec<Option<(f64, f64)>>> = g
                .cells
                .iter()
                .map(|cells| {
                    let ci = |r: &&RelRow| r.ci.as_ref().and_then(|c| c.mrs);
                    cells.iter().map(|c| c.as_ref().and_then(ci)).collect()
                })
                .collect();
            let caption = "MRS by operator".to_string();
            let svg = chart::bars_with_intervals(&caption, &categories, &series, &intervals);
            figures.push((caption, svg));
            if series.len() > 1 {
                let others = by.iter().filter(|k| **k != GroupKey::Operator);
                let caption = format!("MRS by operator across {}", across(others));
                figures.push((
                    caption.clone(),
                    chart::distribution(&caption, &categories, &series),
                ));
            }
            // Response modes: each operator's labels pooled over the other keys (micro).
            let (_, pooled) = pooled_counts(&self.groups, op_at);
            let part = |name: &str, share: fn(&RelCounts) -> f64| Series {
                name: name.to_string(),
                values: pooled
                    .iter()
                    .map(|c| (c.n() > 0).then(|| share(c)))
                    .collect(),
            };
            let parts = [
                part("full refusal", RelCounts::frr),
                part("partial refusal", RelCounts::prr),
                part("no refusal", RelCounts::nrr),
            ];
            let caption = if g.row_keys.len() > 1 {
                "Response modes by operator (all groups pooled)".to_string()
            } else {
                "Response modes by operator".to_string()
            };
            figures.push((
                caption.clone(),
                chart::stacked(&caption, &categories, &parts),
            ));
        }
        figures
    }
}

/// What a distribution chart's series are: "models" when the keys naming a series are the
/// model alone, else "groups".
fn across<'a>(mut keys: impl Iterator<Item = &'a GroupKey>) -> &'static str {
    match (keys.next(), keys.next()) {
        (Some(GroupKey::Model), None) => "models",
        _ => "groups",
    }
}

/// A heatmap's columns and rows: one column per dataset, then "Avg." (the report's unweighted
/// mean across datasets) when the report has one for some row.
fn with_average<R>(
    datasets: &[String],
    row_keys: &[Key],
    grid: &[Vec<Option<&R>>],
    average: impl Fn(&Key) -> Option<f64>,
    value: impl Fn(&R) -> Option<f64>,
) -> (Vec<String>, Vec<Series>) {
    let averages: Vec<Option<f64>> = row_keys.iter().map(&average).collect();
    let with_avg = averages.iter().any(Option::is_some);
    let series = row_keys
        .iter()
        .zip(grid)
        .zip(&averages)
        .map(|((key, cells), avg)| {
            let mut values: Vec<Option<f64>> = cells.iter().map(|c| c.and_then(&value)).collect();
            if with_avg {
                values.push(*avg);
            }
            Series {
                name: series_name(key),
                values,
            }
        })
        .collect();
    let mut categories = datasets.to_vec();
    if with_avg {
        categories.push("Avg.".to_string());
    }
    (categories, series)
}

/// Rows keyed by (series key, category at `at`) as one series per other-key value.
/// Each distinct value of key part `at` (sorted, as [`grid`]'s columns) with the counts of the
/// rows that have it, pooled over the other key parts: a fold, not a dense grid (20,000
/// datasets × 2,000 models made that grid 320 MB).
fn pooled_counts(rows: &[RelRow], at: usize) -> (Vec<KeyPart>, Vec<RelCounts>) {
    let mut pooled: BTreeMap<&KeyPart, RelCounts> = BTreeMap::new();
    for r in rows {
        let total = pooled.entry(&r.key[at]).or_default();
        total.full += r.stats.full;
        total.partial += r.stats.partial;
        total.none += r.stats.none;
    }
    pooled.into_iter().map(|(k, c)| (k.clone(), c)).unzip()
}

fn split_series<R>(
    rows: &[R],
    at: usize,
    value: impl Fn(&R) -> (&Key, Option<f64>),
) -> (Vec<String>, Vec<Series>) {
    let g = grid(rows, at, |r| value(r).0);
    let series = g
        .row_keys
        .iter()
        .zip(&g.cells)
        .map(|(name, cells)| Series {
            name: series_name(name),
            values: cells.iter().map(|c| c.and_then(|r| value(r).1)).collect(),
        })
        .collect();
    (g.columns.into_iter().map(|(_, t)| t).collect(), series)
}

fn bootstrap_text(b: Option<&Bootstrap>) -> String {
    match b {
        None => "none".into(),
        Some(b) => format!(
            "{} resamples, seed {}, {}% intervals",
            b.resamples,
            b.seed,
            100.0 * b.confidence
        ),
    }
}

fn rob_cells(row: &RobRow) -> Vec<Cell> {
    let s = &row.stats;
    let ci = row.ci.as_ref();
    vec![
        num(s.n.to_string()),
        num(pct(Some(s.coverage()))),
        num(pct(Some(s.acc_clean()))),
        num(pct_ci(s.asr(), ci.and_then(|i| i.asr))),
        num(pct(Some(s.rad()))),
        num(pct_ci(Some(s.acc_rob()), ci.and_then(|i| i.acc_rob))),
    ]
}

fn rob_columns(prefix: &str, with_n: bool) -> Vec<Column> {
    let titles: &[&str] = if with_n {
        &["N", "Cov.", "Acc_clean", "ASR", "RAD", "Acc_rob"]
    } else {
        &["Cov.", "Acc_clean", "ASR", "RAD", "Acc_rob"]
    };
    titles
        .iter()
        .map(|t| right(&format!("{prefix}{t}")))
        .collect()
}

fn rob_average_cells(a: &RobAverage) -> Vec<Cell> {
    let ci = a.ci.as_ref();
    let marked = |text: String, name: &str| num(dagger(text, is_partial(a.partial.as_ref(), name)));
    vec![
        marked(pct(Some(a.coverage)), "coverage"),
        marked(pct(Some(a.acc_clean)), "acc_clean"),
        marked(pct_ci(a.asr, ci.and_then(|i| i.asr)), "asr"),
        marked(pct(Some(a.rad)), "rad"),
        marked(
            pct_ci(Some(a.acc_rob), ci.and_then(|i| i.acc_rob)),
            "acc_rob",
        ),
    ]
}

const ROBUSTNESS_LAYOUT: Layout<RobRow, RobAverage> = Layout {
    columns: |prefix| rob_columns(prefix, true),
    cells: rob_cells,
    average_columns: || rob_columns("Avg. ", false),
    average_cells: rob_average_cells,
    long_average_cells: rob_average_cells,
    average_key: |a| &a.key,
};

/// A chart series: its name, ASR per operator seen, ASR per level.
type Named = (String, Vec<Option<f64>>, [Option<f64>; 4]);

/// One chart series per named group, its values picked by `values`.
fn named_series(named: &[Named], values: impl Fn(&Named) -> Vec<Option<f64>>) -> Vec<Series> {
    named
        .iter()
        .map(|n| Series {
            name: n.0.clone(),
            values: values(n),
        })
        .collect()
}

impl RobustnessReport {
    /// The report as a document: the main table (a column block per dataset when grouped by
    /// dataset and something else, laid out as the options' `layout` says), ASR per operator
    /// and per level, the level trend, completeness, comparisons and charts.
    pub fn to_document(&self) -> Document {
        laid_out(&self.layout, || self.plain_document())
    }

    /// The document before the layout.
    pub(crate) fn plain_document(&self) -> Document {
        let by = &self.by;
        let mut sizes = vec![
            ("originals", self.originals.to_string()),
            ("perturbations", self.perturbations.to_string()),
        ];
        if self.average == super::options::Average::Pooled {
            sizes.push(("Avg.", "records pooled across datasets".to_string()));
        }
        let main = ROBUSTNESS_LAYOUT.main_table(by, &self.groups, &self.dataset_average);
        let mut doc = report_start("Robustness", sizes, by, self.bootstrap.as_ref())
            .section(main_section("Robustness by group", main));
        doc = doc.section(self.detail_section());
        if let Some(trend) = &self.level_trend {
            doc = doc.section(trend_section(trend));
        }
        report_end(
            doc,
            &self.comparisons,
            "ASR",
            &self.findings,
            self.figures(),
        )
    }

    /// Operators that occur in the report, in registry order.
    fn operators_seen(&self) -> Vec<usize> {
        let mut ops: Vec<usize> = self
            .groups
            .iter()
            .flat_map(|g| g.stats.by_operator.keys().copied())
            .collect();
        ops.sort_unstable();
        ops.dedup();
        ops
    }

    fn detail_section(&self) -> Section {
        let by = &self.by;
        let ops = self.operators_seen();
        let mut columns = key_columns(by);
        for op in &ops {
            columns.push(right(&format!("ASR {}", self.registry.get(*op).code)));
        }
        for l in Level::ALL {
            columns.push(right(&format!("ASR {}", l.as_str())));
        }
        let mut table = Table::new(columns);
        for row in &self.groups {
            let mut cells = key_cells_or_all(by, &row.key);
            for op in &ops {
                cells.push(num(pct(row
                    .stats
                    .by_operator
                    .get(op)
                    .and_then(|a| a.asr()))));
            }
            for l in Level::ALL {
                cells.push(num(pct(row.stats.by_level[l.index()].asr())));
            }
            table.push_row(cells);
        }
        if let Some((dataset_at, others)) = without_dataset(by) {
            for a in &self.dataset_average {
                let mut cells: Vec<Cell> = Vec::new();
                let mut rest = a.key.iter();
                for (i, _) in by.iter().enumerate() {
                    if i == dataset_at {
                        cells.push(Cell::text("Avg."));
                    } else if let Some((_, t)) = rest.next() {
                        cells.push(Cell::text(t.clone()));
                    }
                }
                let _ = &others;
                let partial = a.partial.as_ref();
                for op in &ops {
                    let v = a
                        .asr_by_operator
                        .iter()
                        .find(|(o, _)| o == op)
                        .and_then(|(_, v)| *v);
                    let name = format!("asr_{}", self.registry.get(*op).code);
                    cells.push(num(dagger(pct(v), is_partial(partial, &name))));
                }
                for l in Level::ALL {
                    let name = format!("asr_{}", l.as_str());
                    cells.push(num(dagger(
                        pct(a.asr_by_level[l.index()]),
                        is_partial(partial, &name),
                    )));
                }
                table.push_row(cells);
            }
        }
        Section::new("ASR by operator and level")
            .with_id("asr_detail")
            .block(Block::Table(table))
    }

    /// The positions in `by` of the keys that name a chart series (all but operator, kind, level
    /// and, when the series average more than one dataset, dataset), and whether they do.
    fn chart_keys(&self) -> (Vec<usize>, bool) {
        let by = &self.by;
        let datasets: BTreeSet<&str> = match by.iter().position(|k| *k == GroupKey::Dataset) {
            Some(at) => self.groups.iter().map(|g| g.key[at].1.as_str()).collect(),
            None => BTreeSet::new(),
        };
        let average = datasets.len() > 1;
        let kept = (0..by.len())
            .filter(|&i| {
                let axis = matches!(by[i], GroupKey::Operator | GroupKey::Kind | GroupKey::Level);
                !(axis || (average && by[i] == GroupKey::Dataset))
            })
            .collect();
        (kept, average)
    }

    /// Interval bars of the charts' points on `axis`: a point gets the ASR interval of the one
    /// group (or, when the series average datasets, the one "Avg." row) with the series' key and
    /// the point's category; a point pooled over several groups gets none.
    fn chart_intervals(
        &self,
        series: &[Series],
        axis: GroupKey,
        categories: &[String],
    ) -> Vec<Vec<Option<(f64, f64)>>> {
        let by = &self.by;
        let Some(axis_at) = by.iter().position(|k| *k == axis) else {
            return Vec::new();
        };
        let (kept, average) = self.chart_keys();
        // (series name, category, interval) of each candidate row.
        type Candidate<'a> = (String, &'a str, Option<(f64, f64)>);
        let candidates: Vec<Candidate> = if average {
            let dataset_at = by.iter().position(|k| *k == GroupKey::Dataset);
            let at = |i: usize| match dataset_at {
                Some(d) if i > d => i - 1,
                _ => i,
            };
            self.dataset_average
                .iter()
                .map(|a| {
                    let key: Key = kept.iter().map(|&i| a.key[at(i)].clone()).collect();
                    let ci = a.ci.as_ref().and_then(|c| c.asr);
                    (series_name(&key), a.key[at(axis_at)].1.as_str(), ci)
                })
                .collect()
        } else {
            self.groups
                .iter()
                .map(|g| {
                    let key: Key = kept.iter().map(|&i| g.key[i].clone()).collect();
                    let ci = g.ci.as_ref().and_then(|c| c.asr);
                    (series_name(&key), g.key[axis_at].1.as_str(), ci)
                })
                .collect()
        };
        series
            .iter()
            .map(|one| {
                categories
                    .iter()
                    .map(|category| {
                        let mut matching = candidates
                            .iter()
                            .filter(|(name, cat, _)| *name == one.name && cat == category);
                        match (matching.next(), matching.next()) {
                            (Some((_, _, ci)), None) => *ci,
                            _ => None,
                        }
                    })
                    .collect()
            })
            .collect()
    }

    /// The charts' series: one per value of the keys other than operator, kind, level (the
    /// charts' categories) and dataset, so that `by: model,level` draws one line per model. A
    /// series pools its groups' attacks per dataset (micro ASR); with more than one dataset,
    /// its value is the unweighted mean over the datasets where it is defined, like "Avg.".
    fn chart_series(&self, ops: &[usize]) -> Vec<Named> {
        let by = &self.by;
        let (kept, average) = self.chart_keys();
        type Pool = (BTreeMap<usize, Attacks>, [Attacks; 4]);
        let mut pools: BTreeMap<Key, BTreeMap<String, Pool>> = BTreeMap::new();
        for g in &self.groups {
            let key: Key = kept.iter().map(|&i| g.key[i].clone()).collect();
            let dataset = match by.iter().position(|k| *k == GroupKey::Dataset) {
                Some(at) if average => g.key[at].1.clone(),
                _ => String::new(),
            };
            let (by_op, by_level) = pools.entry(key).or_default().entry(dataset).or_default();
            for (op, a) in &g.stats.by_operator {
                by_op.entry(*op).or_default().merge(a);
            }
            for (total, a) in by_level.iter_mut().zip(&g.stats.by_level) {
                total.merge(a);
            }
        }
        pools
            .into_iter()
            .map(|(key, per_dataset)| {
                let mean = |asr: &dyn Fn(&Pool) -> Option<f64>| -> Option<f64> {
                    if average {
                        mean_finite(per_dataset.values().filter_map(asr))
                    } else {
                        per_dataset.values().next().and_then(asr)
                    }
                };
                (
                    series_name(&key),
                    ops.iter()
                        .map(|op| mean(&|p: &Pool| p.0.get(op).and_then(Attacks::asr)))
                        .collect(),
                    core::array::from_fn(|l| mean(&|p: &Pool| p.1[l].asr())),
                )
            })
            .collect()
    }

    fn figures(&self) -> Vec<(String, String)> {
        let mut figures = Vec::new();
        let ops = self.operators_seen();
        let named = self.chart_series(&ops);
        if !ops.is_empty() {
            let categories: Vec<String> = ops
                .iter()
                .map(|op| self.registry.get(*op).code.clone())
                .collect();
            let series = named_series(&named, |(_, values, _)| values.clone());
            let intervals = self.chart_intervals(&series, GroupKey::Operator, &categories);
            let caption = "ASR by operator".to_string();
            let svg = chart::bars_with_intervals(&caption, &categories, &series, &intervals);
            figures.push((caption, svg));
            if series.len() > 1 {
                let (kept, _) = self.chart_keys();
                let caption = format!(
                    "ASR by operator across {}",
                    across(kept.iter().map(|&i| &self.by[i]))
                );
                let svg = chart::distribution(&caption, &categories, &series);
                figures.push((caption, svg));
            }
        }
        let levels: Vec<String> = Level::ALL.iter().map(|l| l.as_str().to_string()).collect();
        let series = named_series(&named, |(_, _, by_level)| by_level.to_vec());
        let intervals = self.chart_intervals(&series, GroupKey::Level, &levels);
        let caption = "ASR by level".to_string();
        let svg = chart::lines_with_intervals(&caption, &levels, &series, &intervals);
        figures.push((caption, svg));
        if let Some(Wide {
            row_keys,
            datasets,
            grid,
            ..
        }) = wide_layout(&self.by, &self.groups, |r: &RobRow| &r.key)
        {
            let average = |key: &Key| {
                let a = self.dataset_average.iter().find(|a| a.key == *key)?;
                a.asr
            };
            let (categories, series) =
                with_average(&datasets, &row_keys, &grid, average, |r| r.stats.asr());
            let caption = "ASR by model and dataset".to_string();
            figures.push((
                caption.clone(),
                chart::heatmap(&caption, &categories, &series),
            ));
        }
        figures
    }
}

fn trend_section(trend: &LevelTrend) -> Section {
    let s = &trend.spearman;
    let rho = s.rho.map_or("-".into(), |r| format!("{r:.2}"));
    let ratio = trend.l3_over_l0.map_or("-".into(), |r| format!("{r:.2}"));
    let mut items = vec![
        (
            "Spearman rho, level vs ASR".to_string(),
            format!(
                "{rho} (p = {}, {} p = {}, n = {} operators)",
                p_text(s.p_value),
                trend.exact.method.as_str(),
                p_text(trend.exact.p_value),
                s.n
            ),
        ),
        ("ASR L3 / L0".to_string(), ratio),
    ];
    if let Some((lo, hi)) = trend.exact.ci {
        items.insert(1, ("rho 95% CI".to_string(), format!("[{lo:.2}, {hi:.2}]")));
    }
    Section::new("Level trend")
        .with_id("level_trend")
        .block(Block::Facts { items })
        .block(Block::paragraph(trend.basis.clone()))
}
