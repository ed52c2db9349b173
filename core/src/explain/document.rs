//! The diagnosis as a [`Document`]: what `describe()`, the notebook view, `tabeq check` and the
//! web page show. Every fact comes from the [`Diagnosis`]; nothing here re-scores anything.

use crate::doc::{Align, Block, Cell, Column, Document, Mark, Section, Table, Tone};

use crate::gold_free_check::{unreadable_cell_row, unreadable_cells_table};

use super::{render, Diagnosis, OffendingCell, ShownRow};

fn number(n: usize) -> Cell {
    Cell::text(n.to_string())
}

fn gold_label(d: &Diagnosis, j: usize) -> String {
    format!("{j} {}", d.gold_names.get(j).map_or("?", String::as_str))
}

fn prediction_label(d: &Diagnosis, k: usize) -> String {
    format!(
        "{k} {}",
        d.prediction_headers.get(k).map_or("?", String::as_str)
    )
}

impl Diagnosis {
    /// The diagnosis for people: the verdict and its facts first, then sections (`mapping`,
    /// `first_difference`, `missing_rows`, `extra_rows`, `unreadable_cells`, `hints`,
    /// `partial_credit`) for what applies. Render it with [`Document::to_text`],
    /// [`Document::to_html`], … .
    ///
    /// ```
    /// use tabeq::explain::{explain_task, ExplainOptions};
    /// use tabeq::{Prediction, TaskConfig};
    /// let config = TaskConfig::from_json(br#"{"schema_version": "1.0", "task_id": "task_1",
    ///   "order_sensitive": false, "columns": [{"gold_index": 0, "gold_name": "city", "type": "text"},
    ///   {"gold_index": 1, "gold_name": "n", "type": "number", "comparison": {"mode": "integer"}}]}"#, None)?;
    /// let d = explain_task(Prediction::Csv(b"city,n\nOslo,3\nRome,5\n"), b"city,n\nOslo,3\nRome,4\n",
    ///     &config, &ExplainOptions::default())?;
    /// let doc = d.document();
    /// assert_eq!(doc.title, "task_1: failed (relation_mismatch)");
    /// let missing = doc.find("missing_rows").unwrap();
    /// let tabeq::doc::Block::Table(t) = &missing.blocks[0] else { panic!() };
    /// // The gold row Rome,4 is missing; its `n` differs from the closest extra row (Rome,5).
    /// assert_eq!(t.rows[0].cells[2].text, "4");
    /// assert_eq!(t.rows[0].cells[2].mark, tabeq::doc::Mark::Differs);
    /// assert_eq!(t.rows[0].cells[1].mark, tabeq::doc::Mark::None);
    /// # Ok::<(), tabeq::FatalError>(())
    /// ```
    pub fn document(&self) -> Document {
        let r = &self.result;
        let mut doc = r.document();
        let findings = render::findings(self);
        if !findings.is_empty() && !r.passed {
            doc = doc.lead(Block::paragraph(findings.join(" ")));
        }
        doc.sections.push(self.mapping_section());
        if let Some(section) = self.first_difference_section() {
            doc.sections.push(section);
        }
        if let Some(rows) = &self.rows {
            let columns = &rows.compared_gold_columns;
            if let Some(s) = self.rows_section(
                "missing_rows",
                "Gold rows missing from the prediction",
                &rows.missing,
                rows.missing_count,
                columns,
                Mark::Missing,
            ) {
                doc.sections.push(s);
            }
            if let Some(s) = self.rows_section(
                "extra_rows",
                "Prediction rows not in the gold",
                &rows.extra,
                rows.extra_count,
                columns,
                Mark::Extra,
            ) {
                doc.sections.push(s);
            }
        }
        if let Some(section) = self.unreadable_section() {
            doc.sections.push(section);
        }
        if let Some(section) = self.hints_section() {
            doc.sections.push(section);
        }
        if !r.passed && !self.participant_safe {
            doc.sections.push(self.partial_credit_section());
        }
        doc
    }

    /// [`Diagnosis::document`], with a warning first when this diagnosis's verdict is not the
    /// one the task was scored with (its files changed in between).
    pub fn document_rescored(&self, passed: bool, error_code: Option<&str>) -> Document {
        let mut doc = self.document();
        if (passed, error_code) != (self.result.passed, self.result.error_code.map(|c| c.code())) {
            doc.lead.insert(
                0,
                Block::note(
                    Tone::Warning,
                    "The task's files changed since it was scored; what follows describes them now.",
                ),
            );
        }
        doc
    }

    fn mapping_section(&self) -> Section {
        let official = self.mapping.as_ref().is_some_and(|m| m.official);
        let title = if self.mapping.is_none() {
            "Gold columns"
        } else if official {
            "Column mapping (the first mapping under which the rows equal the gold's)"
        } else {
            "Column mapping (no mapping passes; the best mapping, not an official one)"
        };
        let mut columns = vec![
            Column::new("gold #", Align::Right),
            Column::new("gold name", Align::Left),
            Column::new("rule", Align::Left),
        ];
        if self.mapping.is_some() {
            columns.push(Column::new("prediction #", Align::Right));
            columns.push(Column::new("prediction header", Align::Left));
        }
        if self.types.is_some() {
            columns.push(Column::new("readable prediction columns", Align::Left));
        }
        let mut table = Table::new(columns);
        for (j, name) in self.gold_names.iter().enumerate() {
            let mut cells = vec![
                number(j),
                Cell::text(name.clone()),
                Cell::text(self.gold_rules.get(j).cloned().unwrap_or_default()),
            ];
            if let Some(m) = &self.mapping {
                let pair = m.pairs.get(j);
                let k = pair.and_then(|p| p.prediction_index);
                let mark = match pair {
                    Some(p) if k.is_some() && !p.compatible => Mark::Bad,
                    _ => Mark::None,
                };
                cells.push(Cell::text(k.map_or(String::new(), |k| k.to_string())).marked(mark));
                cells.push(
                    Cell::text(
                        k.and_then(|k| self.prediction_headers.get(k).cloned())
                            .unwrap_or_default(),
                    )
                    .marked(mark),
                );
            }
            if let Some(t) = &self.types {
                let readable = t.columns.get(j).map_or(String::new(), |c| {
                    if c.compatible.is_empty() {
                        "none".into()
                    } else {
                        c.compatible
                            .iter()
                            .map(usize::to_string)
                            .collect::<Vec<_>>()
                            .join(", ")
                    }
                });
                cells.push(Cell::text(readable));
            }
            table.push_row(cells);
        }
        let mut section = Section::new(title)
            .with_id("mapping")
            .block(Block::Table(table));
        if let Some(m) = self.mapping.as_ref().filter(|m| !m.official) {
            section.push(Block::note(Tone::Info, m.method));
        }
        section
    }

    /// Column headings of shown rows: the compared gold columns by name.
    fn row_columns(&self, columns: &[usize]) -> Vec<Column> {
        let mut out = vec![Column::new("row", Align::Right)];
        out.extend(columns.iter().map(|&j| {
            Column::new(
                self.gold_names
                    .get(j)
                    .cloned()
                    .unwrap_or_else(|| j.to_string()),
                Align::Left,
            )
        }));
        out
    }

    fn first_difference_section(&self) -> Option<Section> {
        let rows = self.rows.as_ref()?;
        let first = rows.order.as_ref()?.first_difference.as_ref()?;
        let mut columns = self.row_columns(&rows.compared_gold_columns);
        columns.insert(1, Column::new("side", Align::Left));
        let mut table = Table::new(columns);
        for (side, values) in [("gold", &first.gold), ("prediction", &first.prediction)] {
            let Some(values) = values else { continue };
            let mut cells = vec![number(first.row), Cell::text(side)];
            cells.extend(
                values
                    .iter()
                    .zip(&rows.compared_gold_columns)
                    .map(|(v, j)| {
                        let mark = if first.differing_gold_columns.contains(j) {
                            Mark::Differs
                        } else {
                            Mark::None
                        };
                        Cell::text(v.clone()).marked(mark)
                    }),
            );
            table.push_row(cells);
        }
        let mut section = Section::new("First differing row")
            .with_id("first_difference")
            .block(Block::Table(table));
        if rows.order.as_ref().is_some_and(|o| o.would_match_unordered) {
            section.push(Block::note(
                Tone::Hint,
                "The rows are the gold's, in a different order.",
            ));
        }
        Some(section)
    }

    fn rows_section(
        &self,
        id: &str,
        title: &str,
        shown: &[ShownRow],
        total: usize,
        columns: &[usize],
        mark: Mark,
    ) -> Option<Section> {
        if shown.is_empty() {
            return None;
        }
        let mut table = Table::new(self.row_columns(columns));
        table.total_rows = Some(total);
        for row in shown {
            let mut cells = vec![number(row.row)];
            cells.extend(row.values.iter().enumerate().map(|(i, v)| {
                let mark = if v == super::REDACTED {
                    Mark::Placeholder
                } else if row.differs.get(i).copied().unwrap_or(false) {
                    Mark::Differs
                } else {
                    Mark::None
                };
                Cell::text(v.clone()).marked(mark)
            }));
            table.push_marked_row(cells, mark);
        }
        Some(Section::new(title).with_id(id).block(Block::Table(table)))
    }

    /// The cells that explain a type failure: for the gold columns no mapping can read (when
    /// that is why the task fails) their offending cells, else the mapped pairs that do not read.
    fn unreadable_section(&self) -> Option<Section> {
        let types = self.types.as_ref()?;
        let mut picked: Vec<(usize, &OffendingCell)> = Vec::new();
        let mut section = Section::new("Cells that do not read").with_id("unreadable_cells");
        if let Some(u) = &types.unreadable {
            let from = if u.readable_from.is_empty() {
                "no prediction column".to_string()
            } else {
                u.readable_from
                    .iter()
                    .map(|&k| prediction_label(self, k))
                    .collect::<Vec<_>>()
                    .join(", ")
            };
            section.push(Block::paragraph(format!(
                "No one-to-one mapping reads every column: gold columns {} can only be read from {from}.",
                u.gold_columns
                    .iter()
                    .map(|&j| gold_label(self, j))
                    .collect::<Vec<_>>()
                    .join(", ")
            )));
            for &j in &u.gold_columns {
                if let Some(c) = types.columns.get(j) {
                    picked.extend(c.incompatible.iter().map(|cell| (j, cell)));
                }
            }
        } else if let Some(m) = &self.mapping {
            for p in m.pairs.iter().filter(|p| !p.compatible) {
                let (Some(k), Some(c)) = (p.prediction_index, types.columns.get(p.gold_index))
                else {
                    continue;
                };
                picked.extend(
                    c.incompatible
                        .iter()
                        .filter(|cell| cell.prediction_index == k)
                        .map(|cell| (p.gold_index, cell)),
                );
            }
        }
        if picked.is_empty() {
            return None;
        }
        let mut table = unreadable_cells_table();
        table
            .columns
            .push(Column::new("cells that do not read", Align::Right));
        for (j, cell) in picked {
            let mut cells = unreadable_cell_row(
                gold_label(self, j),
                prediction_label(self, cell.prediction_index),
                cell.row,
                &cell.value,
                cell.reason.code().to_string(),
            );
            cells.push(number(cell.bad_cells));
            table.push_row(cells);
        }
        section.push(Block::Table(table));
        Some(section)
    }

    fn hints_section(&self) -> Option<Section> {
        if self.hints.is_empty() {
            return None;
        }
        let mut table = Table::with_columns(&[
            ("near miss", Align::Left),
            ("alone", Align::Left),
            ("what would change", Align::Left),
        ]);
        for h in &self.hints {
            table.push_row(vec![
                Cell::text(h.kind.code()),
                Cell::verdict(h.would_pass, "would pass", "would still fail", Mark::None),
                Cell::text(h.message.clone()),
            ]);
        }
        let mut section = Section::new("Near misses")
            .with_id("hints")
            .block(Block::Table(table));
        if let Some(all) = self.hints_combined_would_pass {
            section.push(Block::note(
                Tone::Hint,
                if all {
                    "With all of these changes together the task would pass."
                } else {
                    "Even with all of these changes together the task would still fail."
                },
            ));
        }
        Some(section)
    }

    fn partial_credit_section(&self) -> Section {
        let p = &self.partial;
        let s = &p.column_signature;
        Section::new("Partial credit (not the official score)")
            .with_id("partial_credit")
            .block(Block::Facts {
                items: vec![
                    (
                        "rows".into(),
                        format!(
                            "precision {:.3}, recall {:.3}, F1 {:.3}",
                            p.rows.precision, p.rows.recall, p.rows.f1
                        ),
                    ),
                    (
                        "columns".into(),
                        format!(
                            "precision {:.3}, recall {:.3}",
                            p.columns.precision, p.columns.recall
                        ),
                    ),
                    (
                        "column signature".into(),
                        format!("{} ({:.3})", s.status.code(), s.score),
                    ),
                ],
            })
    }
}
