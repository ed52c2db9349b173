//! The document model: every report tabeq shows to people (a diagnosis, a validation report, trust
//! tables, a suite summary) is built once as a [`Document`] and rendered here, to plain text,
//! Markdown, HTML or CSV. The Python package, the command line and the web page render these
//! documents instead of re-deriving reports from JSON, so one change in a report shows everywhere.
//!
//! Documents are data, not markup: a title, sections, and in each section blocks (paragraphs,
//! notes, lists, key–value facts, tables, figures). Cells carry a [`Mark`] (a differing cell, a
//! missing row, …) that each renderer shows in its own way, and columns carry an [`Align`] so
//! numbers line up while text stays left-aligned. A document serializes with serde, so a
//! surface can also hand it to its own interactive view (the web page's tabs and highlights).
//!
//! ```
//! use tabeq::doc::{Align, Block, Cell, Column, Document, Mark, Section, Table};
//! let mut table = Table::new(vec![Column::new("model", Align::Left), Column::new("MRS", Align::Right)]);
//! table.push_row(vec![Cell::text("gpt"), Cell::text("24.21")]);
//! table.push_row(vec![Cell::text("qwen"), Cell::text("19.50").marked(Mark::Bad)]);
//! let doc = Document::new("Reliability")
//!     .section(Section::new("By model").block(Block::Table(table)));
//! assert_eq!(
//!     doc.to_text(),
//!     "Reliability\n===========\n\nBy model\n--------\n\nmodel    MRS\n-----  -----\ngpt    24.21\nqwen   19.50\n"
//! );
//! assert!(doc.to_markdown().contains("| model | MRS |\n| :--- | ---: |\n"));
//! assert!(doc.to_html().contains("<td class=\"num mark-bad\">19.50</td>"));
//! ```

use core::fmt::Write as _;

use serde::{Deserialize, Serialize};

/// The text formats a [`Document`] renders to, by the names every surface accepts.
///
/// ```
/// use tabeq::doc::Format;
/// assert_eq!(Format::from_name("html"), Some(Format::Html));
/// assert_eq!(Format::ALL.map(Format::name), ["text", "markdown", "html", "csv"]);
/// ```
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub enum Format {
    /// Plain text ([`Document::to_text`]).
    Text,
    /// Markdown ([`Document::to_markdown`]).
    Markdown,
    /// An HTML fragment ([`Document::to_html`]).
    Html,
    /// CSV ([`Document::to_csv`]).
    Csv,
}

impl Format {
    /// Every format, in the order messages list them.
    pub const ALL: [Format; 4] = [Format::Text, Format::Markdown, Format::Html, Format::Csv];

    /// The format's name.
    pub fn name(self) -> &'static str {
        match self {
            Format::Text => "text",
            Format::Markdown => "markdown",
            Format::Html => "html",
            Format::Csv => "csv",
        }
    }

    /// The format of this name.
    pub fn from_name(name: &str) -> Option<Format> {
        Format::ALL.into_iter().find(|f| f.name() == name)
    }
}

/// A report for people: a title and its sections.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize, Default)]
#[cfg_attr(feature = "ts", derive(ts_rs::TS))]
pub struct Document {
    /// The document's title (a heading of level 1).
    pub title: String,
    /// What the document says first, before any section (e.g. the verdict).
    pub lead: Vec<Block>,
    /// Titled parts in reading order.
    pub sections: Vec<Section>,
}

/// A titled part of a document.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize, Default)]
#[cfg_attr(feature = "ts", derive(ts_rs::TS), ts(rename = "DocSection"))]
pub struct Section {
    /// A stable identifier (`shape`, `mapping`, `rows`, …) that pages and tests can address.
    pub id: String,
    /// The section's heading.
    pub title: String,
    /// The section's content in reading order.
    pub blocks: Vec<Block>,
}

/// One piece of content.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
#[serde(tag = "kind", rename_all = "snake_case")]
#[cfg_attr(feature = "ts", derive(ts_rs::TS), ts(rename = "DocBlock"))]
pub enum Block {
    /// A paragraph of prose.
    Paragraph {
        /// The paragraph's text.
        text: String,
    },
    /// A remark set apart from the prose: a hint, a warning, an error.
    Note {
        /// What kind of remark it is.
        tone: Tone,
        /// The remark.
        text: String,
    },
    /// A bulleted list.
    List {
        /// The items, each one line of prose.
        items: Vec<String>,
    },
    /// Named facts (`rows: 12`, `columns: 3`), shown as a two-column list.
    Facts {
        /// Label and value pairs, in order.
        items: Vec<(String, String)>,
    },
    /// A table.
    Table(Table),
    /// A picture as SVG markup, built by the core (never from input text without escaping).
    Figure {
        /// What the picture shows, used as its caption and as its text form.
        caption: String,
        /// The `<svg>` element.
        svg: String,
    },
}

/// What kind of remark a [`Block::Note`] is.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename_all = "snake_case")]
#[cfg_attr(feature = "ts", derive(ts_rs::TS))]
pub enum Tone {
    /// Neutral information.
    Info,
    /// A suggestion for fixing the input.
    Hint,
    /// Something that may be wrong but did not stop the work.
    Warning,
    /// Something that failed.
    Error,
}

impl Tone {
    /// The lowercase word renderers put before the remark.
    pub fn label(self) -> &'static str {
        match self {
            Tone::Info => "note",
            Tone::Hint => "hint",
            Tone::Warning => "warning",
            Tone::Error => "error",
        }
    }
}

/// How a column's cells line up.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, Deserialize, Default)]
#[serde(rename_all = "snake_case")]
#[cfg_attr(feature = "ts", derive(ts_rs::TS))]
pub enum Align {
    /// Text: left-aligned.
    #[default]
    Left,
    /// Numbers: right-aligned.
    Right,
}

/// A table column: its heading and alignment.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
#[cfg_attr(feature = "ts", derive(ts_rs::TS), ts(rename = "DocColumn"))]
pub struct Column {
    /// The heading.
    pub title: String,
    /// How the column's cells line up.
    pub align: Align,
}

impl Column {
    /// A column with a heading and an alignment.
    pub fn new(title: impl Into<String>, align: Align) -> Column {
        Column {
            title: title.into(),
            align,
        }
    }
}

/// What a cell or row stands for, beyond its text.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, Deserialize, Default)]
#[serde(rename_all = "snake_case")]
#[cfg_attr(feature = "ts", derive(ts_rs::TS))]
pub enum Mark {
    /// Nothing special.
    #[default]
    None,
    /// A value that differs from its counterpart (shown highlighted).
    Differs,
    /// A gold row or value the prediction lacks.
    Missing,
    /// A prediction row or value the gold lacks.
    Extra,
    /// A good outcome (a pass, a significant improvement).
    Good,
    /// A bad outcome (a failure, an unreadable cell).
    Bad,
    /// Text that stands for a value which is not shown (e.g. a redacted gold value).
    Placeholder,
}

impl Mark {
    fn css(self) -> Option<&'static str> {
        match self {
            Mark::None => None,
            Mark::Differs => Some("mark-differs"),
            Mark::Missing => Some("mark-missing"),
            Mark::Extra => Some("mark-extra"),
            Mark::Good => Some("mark-good"),
            Mark::Bad => Some("mark-bad"),
            Mark::Placeholder => Some("mark-placeholder"),
        }
    }

    /// The marker plain text and Markdown put around a marked cell (`*x*` for a difference).
    fn text_wrap(self) -> (&'static str, &'static str) {
        match self {
            Mark::Differs => ("*", "*"),
            Mark::Missing => ("-", ""),
            Mark::Extra => ("+", ""),
            _ => ("", ""),
        }
    }
}

/// A table cell: its text and mark.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize, Default)]
#[cfg_attr(feature = "ts", derive(ts_rs::TS), ts(rename = "DocCell"))]
pub struct Cell {
    /// The cell's text, exactly as shown.
    pub text: String,
    /// What the cell stands for.
    pub mark: Mark,
}

impl Cell {
    /// An unmarked cell.
    pub fn text(text: impl Into<String>) -> Cell {
        Cell {
            text: text.into(),
            mark: Mark::None,
        }
    }

    /// The same cell with a mark.
    #[must_use]
    pub fn marked(mut self, mark: Mark) -> Cell {
        self.mark = mark;
        self
    }

    /// A verdict cell: `good` marked [`Mark::Good`] when `ok`, else `bad` marked `bad_mark`.
    ///
    /// ```
    /// use tabeq::doc::{Cell, Mark};
    /// assert_eq!(Cell::verdict(true, "passed", "failed", Mark::Bad), Cell::text("passed").marked(Mark::Good));
    /// assert_eq!(Cell::verdict(false, "passed", "failed", Mark::Bad).mark, Mark::Bad);
    /// ```
    pub fn verdict(ok: bool, good: &str, bad: &str, bad_mark: Mark) -> Cell {
        if ok {
            Cell::text(good).marked(Mark::Good)
        } else {
            Cell::text(bad).marked(bad_mark)
        }
    }
}

/// A table row: its cells and a mark for the whole row.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize, Default)]
#[cfg_attr(feature = "ts", derive(ts_rs::TS), ts(rename = "DocRow"))]
pub struct Row {
    /// One cell per column.
    pub cells: Vec<Cell>,
    /// What the whole row stands for (a missing or extra row).
    pub mark: Mark,
}

/// A table: columns, rows, and an optional caption and note on what was left out.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize, Default)]
#[cfg_attr(feature = "ts", derive(ts_rs::TS), ts(rename = "DocTable"))]
pub struct Table {
    /// What the table shows.
    pub caption: Option<String>,
    /// Headings and alignments.
    pub columns: Vec<Column>,
    /// The rows shown.
    pub rows: Vec<Row>,
    /// How many rows exist in all, when only some are shown (the renderers say "12 of 40 rows").
    pub total_rows: Option<usize>,
}

impl Table {
    /// An empty table with these columns.
    pub fn new(columns: Vec<Column>) -> Table {
        Table {
            columns,
            ..Table::default()
        }
    }

    /// An empty table with these headings and alignments.
    ///
    /// ```
    /// use tabeq::doc::{Align, Table};
    /// let t = Table::with_columns(&[("name", Align::Left), ("count", Align::Right)]);
    /// assert_eq!(t.columns[1].align, Align::Right);
    /// ```
    pub fn with_columns(columns: &[(&str, Align)]) -> Table {
        Table::new(
            columns
                .iter()
                .map(|&(title, align)| Column::new(title, align))
                .collect(),
        )
    }

    /// The same table with a caption.
    #[must_use]
    pub fn captioned(mut self, caption: impl Into<String>) -> Table {
        self.caption = Some(caption.into());
        self
    }

    /// Append an unmarked row.
    pub fn push_row(&mut self, cells: Vec<Cell>) {
        self.rows.push(Row {
            cells,
            mark: Mark::None,
        });
    }

    /// Append a row with a mark for the whole row.
    pub fn push_marked_row(&mut self, cells: Vec<Cell>, mark: Mark) {
        self.rows.push(Row { cells, mark });
    }

    /// The "12 of 40 rows shown" line, when rows were left out.
    fn omitted_note(&self) -> Option<String> {
        match self.total_rows {
            Some(total) if total > self.rows.len() => {
                Some(format!("{} of {total} rows shown", self.rows.len()))
            }
            _ => None,
        }
    }

    /// The table as CSV (RFC 4180 quoting, `\r\n` line ends, headings first); marks are dropped.
    ///
    /// ```
    /// use tabeq::doc::{Align, Cell, Column, Table};
    /// let mut t = Table::new(vec![Column::new("a", Align::Left), Column::new("b", Align::Right)]);
    /// t.push_row(vec![Cell::text("x, y"), Cell::text("1")]);
    /// assert_eq!(t.to_csv(), "a,b\r\n\"x, y\",1\r\n");
    /// ```
    pub fn to_csv(&self) -> String {
        let mut out = String::new();
        let headings: Vec<&str> = self.columns.iter().map(|c| c.title.as_str()).collect();
        csv_line(&mut out, &headings);
        for row in &self.rows {
            let cells: Vec<&str> = row.cells.iter().map(|c| c.text.as_str()).collect();
            csv_line(&mut out, &cells);
        }
        out
    }
}

fn csv_line(out: &mut String, fields: &[&str]) {
    for (i, field) in fields.iter().enumerate() {
        if i > 0 {
            out.push(',');
        }
        let quote = field.contains([',', '"', '\n', '\r'])
            || field.starts_with(' ')
            || field.ends_with(' ');
        push_csv_field(out, field, quote);
    }
    out.push_str("\r\n");
}

/// Push one CSV field, quoted (quotes doubled) when `quote`.
pub(crate) fn push_csv_field(out: &mut String, field: &str, quote: bool) {
    if quote {
        out.push('"');
        out.push_str(&field.replace('"', "\"\""));
        out.push('"');
    } else {
        out.push_str(field);
    }
}

impl Section {
    /// A section with an id and a heading; the id is the heading in lowercase with `_` for spaces
    /// unless set with [`Section::with_id`].
    pub fn new(title: impl Into<String>) -> Section {
        let title = title.into();
        let id = title
            .chars()
            .map(|c| {
                if c.is_alphanumeric() {
                    c.to_ascii_lowercase()
                } else {
                    '_'
                }
            })
            .collect();
        Section {
            id,
            title,
            blocks: Vec::new(),
        }
    }

    /// The same section with another id.
    #[must_use]
    pub fn with_id(mut self, id: impl Into<String>) -> Section {
        self.id = id.into();
        self
    }

    /// The same section with one more block.
    #[must_use]
    pub fn block(mut self, block: Block) -> Section {
        self.blocks.push(block);
        self
    }

    /// Append a block.
    pub fn push(&mut self, block: Block) {
        self.blocks.push(block);
    }
}

impl Block {
    /// A paragraph.
    pub fn paragraph(text: impl Into<String>) -> Block {
        Block::Paragraph { text: text.into() }
    }

    /// A note of the given tone.
    pub fn note(tone: Tone, text: impl Into<String>) -> Block {
        Block::Note {
            tone,
            text: text.into(),
        }
    }
}

impl Document {
    /// An empty document with a title.
    pub fn new(title: impl Into<String>) -> Document {
        Document {
            title: title.into(),
            ..Document::default()
        }
    }

    /// The same document with one more lead block.
    #[must_use]
    pub fn lead(mut self, block: Block) -> Document {
        self.lead.push(block);
        self
    }

    /// The same document with one more section.
    #[must_use]
    pub fn section(mut self, section: Section) -> Document {
        self.sections.push(section);
        self
    }

    /// A document from its JSON (what [`crate::to_pretty_json`] writes of one, as a page hands
    /// it back), read through the CPython-exact reader with the derived `Deserialize`: unknown
    /// kinds, marks, tones or alignments are refused.
    ///
    /// ```
    /// use tabeq::doc::{Align, Block, Cell, Column, Document, Section, Table};
    /// let mut table = Table::new(vec![Column::new("a", Align::Right)]);
    /// table.push_row(vec![Cell::text("1")]);
    /// let doc = Document::new("T").section(Section::new("S").block(Block::Table(table)));
    /// let text = tabeq::to_pretty_json(&doc).unwrap();
    /// assert_eq!(Document::from_json(&text), Ok(doc));
    /// assert_eq!(Document::from_json("{\"title\": 1}").unwrap_err().to_string(), "\"title\" is not a string");
    /// ```
    pub fn from_json(text: &str) -> Result<Document, crate::cpython_json::DeError> {
        crate::cpython_json::from_str(text)
    }

    /// The section with this id, if any.
    pub fn find(&self, id: &str) -> Option<&Section> {
        self.sections.iter().find(|s| s.id == id)
    }

    /// Every table of the document, in reading order.
    pub fn tables(&self) -> impl Iterator<Item = &Table> {
        self.lead
            .iter()
            .chain(self.sections.iter().flat_map(|s| s.blocks.iter()))
            .filter_map(|b| match b {
                Block::Table(t) => Some(t),
                _ => None,
            })
    }

    /// The document in the named format (see [`Format`]); `None` for another name.
    ///
    /// ```
    /// let doc = tabeq::doc::Document::new("Report");
    /// assert_eq!(doc.render("markdown").as_deref(), Some("# Report\n"));
    /// assert_eq!(doc.render("pdf"), None);
    /// ```
    ///
    /// The name `"notebook"` (not a [`Format`]: no command writes it) is
    /// [`Document::to_notebook_html`], what a binding's `_repr_html_` shows.
    pub fn render(&self, format: &str) -> Option<String> {
        if format == NOTEBOOK {
            return Some(self.to_notebook_html());
        }
        Format::from_name(format).map(|format| self.render_as(format))
    }

    /// The document in `format`.
    ///
    /// ```
    /// use tabeq::doc::{Document, Format};
    /// let doc = Document::new("Report");
    /// assert_eq!(doc.render_as(Format::Text), doc.to_text());
    /// ```
    pub fn render_as(&self, format: Format) -> String {
        match format {
            Format::Text => self.to_text(),
            Format::Markdown => self.to_markdown(),
            Format::Html => self.to_html(),
            Format::Csv => self.to_csv(),
        }
    }

    /// Plain text for terminals and logs: underlined headings, aligned tables; marked cells are
    /// wrapped (`*differs*`, `-missing`, `+extra`).
    pub fn to_text(&self) -> String {
        let mut out = String::new();
        heading_text(&mut out, &self.title, '=');
        for block in &self.lead {
            out.push('\n');
            block_text(&mut out, block);
        }
        for section in &self.sections {
            out.push('\n');
            heading_text(&mut out, &section.title, '-');
            for block in &section.blocks {
                out.push('\n');
                block_text(&mut out, block);
            }
        }
        out
    }

    /// GitHub-flavoured Markdown: `#`/`##` headings, pipe tables with `|` escaped, notes as
    /// block quotes, figures as inline SVG.
    pub fn to_markdown(&self) -> String {
        let mut out = String::new();
        let _ = writeln!(out, "# {}", md_inline(&self.title));
        for block in &self.lead {
            out.push('\n');
            block_markdown(&mut out, block);
        }
        for section in &self.sections {
            let _ = write!(out, "\n## {}\n", md_inline(&section.title));
            for block in &section.blocks {
                out.push('\n');
                block_markdown(&mut out, block);
            }
        }
        out
    }

    /// An HTML fragment (`<div class="tabeq-doc">…</div>`), every text escaped; style it with
    /// [`HTML_STYLE`] or the page's own CSS (classes: `num`, `mark-*`, `note-*`, `facts`).
    pub fn to_html(&self) -> String {
        let mut out = String::from("<div class=\"tabeq-doc\">");
        let _ = write!(out, "<h1>{}</h1>", esc(&self.title));
        for block in &self.lead {
            block_html(&mut out, block);
        }
        for section in &self.sections {
            let _ = write!(
                out,
                "<section data-section=\"{}\"><h2>{}</h2>",
                esc(&section.id),
                esc(&section.title)
            );
            for block in &section.blocks {
                block_html(&mut out, block);
            }
            out.push_str("</section>");
        }
        out.push_str("</div>");
        out
    }

    /// The notebook form (Jupyter's `_repr_html_`, as pandas' and polars' reprs are): a compact
    /// summary line (the title and the lead's facts), then every part folded in `<details>`
    /// (the lead's blocks as "details", each section under its title); no page-level headings;
    /// a table shows at most [`NOTEBOOK_ROWS`] rows, the rest folded below it. Styled by
    /// [`NOTEBOOK_STYLE`] (included), whose colours follow the notebook's theme.
    ///
    /// ```
    /// use tabeq::doc::{Align, Block, Cell, Column, Document, Section, Table};
    /// let mut table = Table::new(vec![Column::new("task", Align::Left)]);
    /// for i in 0..30 {
    ///     table.push_row(vec![Cell::text(format!("task_{i}"))]);
    /// }
    /// let doc = Document::new("3/30 tasks passed")
    ///     .lead(Block::Facts { items: vec![("task_accuracy".into(), "0.1".into())] })
    ///     .section(Section::new("Tasks").block(Block::Table(table)));
    /// let html = doc.to_notebook_html();
    /// assert!(html.contains("3/30 tasks passed"));
    /// assert!(!html.contains("<h1") && !html.contains("<h2"));
    /// assert!(html.contains("<summary>5 more rows</summary>"));
    /// ```
    pub fn to_notebook_html(&self) -> String {
        let mut out = String::from("<div class=\"tabeq-nb\"><style>");
        out.push_str(NOTEBOOK_STYLE);
        out.push_str("</style><div class=\"tabeq-nb-line\"><strong>");
        out.push_str(&esc(&self.title));
        out.push_str("</strong>");
        let facts: Vec<String> = self
            .lead
            .iter()
            .filter_map(|b| match b {
                Block::Facts { items } => Some(items),
                _ => None,
            })
            .flatten()
            .take(4)
            .map(|(k, v)| format!("{k} {}", clip_chars(v, 40)))
            .collect();
        if !facts.is_empty() {
            let line = clip_chars(&facts.join(" · "), 160);
            let _ = write!(out, " <span class=\"tabeq-nb-facts\">{}</span>", esc(&line));
        }
        out.push_str("</div>");
        if !self.lead.is_empty() {
            out.push_str("<details><summary>details</summary>");
            for block in &self.lead {
                notebook_block(&mut out, block);
            }
            out.push_str("</details>");
        }
        for section in &self.sections {
            let _ = write!(
                out,
                "<details data-section=\"{}\"><summary>{}</summary>",
                esc(&section.id),
                esc(&section.title)
            );
            for block in &section.blocks {
                notebook_block(&mut out, block);
            }
            out.push_str("</details>");
        }
        out.push_str("</div>");
        out
    }

    /// Every table as CSV, each preceded by a `# caption` line (or the section title) and
    /// separated by a blank line.
    pub fn to_csv(&self) -> String {
        let mut out = String::new();
        let lead = self.lead.iter().map(|b| (self.title.as_str(), b));
        let rest = self
            .sections
            .iter()
            .flat_map(|s| s.blocks.iter().map(move |b| (s.title.as_str(), b)));
        for (title, block) in lead.chain(rest) {
            if let Block::Table(t) = block {
                if !out.is_empty() {
                    out.push_str("\r\n");
                }
                let _ = write!(out, "# {}\r\n", t.caption.as_deref().unwrap_or(title));
                out.push_str(&t.to_csv());
            }
        }
        out
    }
}

/// Minimal CSS for [`Document::to_html`] (notebooks; the web page has its own).
pub const HTML_STYLE: &str = ".tabeq-doc{font-family:system-ui,sans-serif;line-height:1.4}\
.tabeq-doc table{border-collapse:collapse;margin:.4em 0}\
.tabeq-doc th,.tabeq-doc td{border:1px solid #ccc;padding:2px 8px;text-align:left;vertical-align:top}\
.tabeq-doc .num{text-align:right;font-variant-numeric:tabular-nums}\
.tabeq-doc .mark-differs{background:#fff3b0}.tabeq-doc .mark-missing{background:#ffe0e0}\
.tabeq-doc .mark-extra{background:#e0ecff}.tabeq-doc .mark-good{color:#116611}\
.tabeq-doc .mark-bad{color:#aa1111}.tabeq-doc .mark-placeholder{color:#777;font-style:italic}\
.tabeq-doc .note{border-left:3px solid #999;padding-left:.6em}\
.tabeq-doc .note-warning,.tabeq-doc .note-error{border-color:#c33}.tabeq-doc .note-hint{border-color:#39c}\
.tabeq-doc caption{text-align:left;font-weight:600}";

/// The rendering name of [`Document::to_notebook_html`] ([`Document::render`]).
pub const NOTEBOOK: &str = "notebook";

/// The rows of a table a notebook shows unfolded ([`Document::to_notebook_html`]).
pub const NOTEBOOK_ROWS: usize = 25;

/// The CSS of [`Document::to_notebook_html`], scoped to `.tabeq-nb`. Text takes the notebook's
/// colour; borders, marks and verdicts use JupyterLab's theme variables (`--jp-*`) where the
/// notebook defines them, else colours chosen by `prefers-color-scheme`; backgrounds are
/// translucent so that they read on light and dark themes alike.
pub const NOTEBOOK_STYLE: &str = ".tabeq-nb{--tq-border:var(--jp-border-color2,#d0d0d0);\
--tq-muted:var(--jp-content-font-color2,#666);--tq-good:var(--jp-success-color1,#1a7f37);\
--tq-bad:var(--jp-error-color1,#c62828);--tq-accent:var(--jp-brand-color1,#1e6fd9);\
--tq-differs:rgba(234,179,8,.28);--tq-missing:rgba(239,68,68,.22);--tq-extra:rgba(59,130,246,.22);\
color:inherit;font-family:var(--jp-ui-font-family,system-ui,sans-serif);line-height:1.4}\
@media (prefers-color-scheme:dark){.tabeq-nb{--tq-border:var(--jp-border-color2,#4a4a4a);\
--tq-muted:var(--jp-content-font-color2,#a8a8a8);--tq-good:var(--jp-success-color1,#5fd37a);\
--tq-bad:var(--jp-error-color1,#ff7b72);--tq-accent:var(--jp-brand-color1,#6cb6ff)}}\
.tabeq-nb details{margin:.15em 0}.tabeq-nb summary{cursor:pointer;color:var(--tq-accent)}\
.tabeq-nb details>*:not(summary){margin-left:1em}\
.tabeq-nb .tabeq-nb-facts,.tabeq-nb .omitted,.tabeq-nb caption{color:var(--tq-muted)}\
.tabeq-nb table{border-collapse:collapse;margin:.3em 0;color:inherit;background:transparent}\
.tabeq-nb th,.tabeq-nb td{border:1px solid var(--tq-border);padding:1px 6px;text-align:left;\
vertical-align:top;background:transparent;color:inherit}\
.tabeq-nb .num{text-align:right;font-variant-numeric:tabular-nums}\
.tabeq-nb .mark-differs{background:var(--tq-differs)}.tabeq-nb .mark-missing{background:var(--tq-missing)}\
.tabeq-nb .mark-extra{background:var(--tq-extra)}.tabeq-nb .mark-good{color:var(--tq-good)}\
.tabeq-nb .mark-bad{color:var(--tq-bad)}.tabeq-nb .mark-placeholder{color:var(--tq-muted);font-style:italic}\
.tabeq-nb .note{border-left:3px solid var(--tq-border);padding-left:.6em}\
.tabeq-nb .note-warning,.tabeq-nb .note-error{border-color:var(--tq-bad)}\
.tabeq-nb .note-hint{border-color:var(--tq-accent)}.tabeq-nb dl.facts{display:grid;\
grid-template-columns:max-content auto;gap:0 1em;margin:.2em 0}.tabeq-nb dd{margin:0}";

/// The widest a binding's one-line `repr` gets, in characters (a terminal's width).
pub const REPR_WIDTH: usize = 120;

/// A one-line `repr` of at most [`REPR_WIDTH`] characters: `head`, `middle` and `tail`, the
/// `middle` (a message, a mapping, a list) cut with `…` when the whole would be wider (but
/// never to fewer than 12 characters: the head and tail are kept whole).
///
/// ```
/// use tabeq::doc::{fit_line, REPR_WIDTH};
/// assert_eq!(fit_line("<T ", "short", ">"), "<T short>");
/// let long = fit_line("<TaskResult task_1 failed relation_mismatch: ", &"x".repeat(500), " (rows 3/3)>");
/// assert_eq!(long.chars().count(), REPR_WIDTH);
/// assert!(long.ends_with("x… (rows 3/3)>"));
/// ```
pub fn fit_line(head: &str, middle: &str, tail: &str) -> String {
    let room = REPR_WIDTH
        .saturating_sub(head.chars().count() + tail.chars().count())
        .max(12);
    format!("{head}{}{tail}", clip_chars(middle, room))
}

/// `s` cut to `max` characters, the cut marked with `…`.
fn clip_chars(s: &str, max: usize) -> String {
    if s.chars().count() <= max {
        return s.to_string();
    }
    let mut out: String = s.chars().take(max.saturating_sub(1)).collect();
    out.push('…');
    out
}

/// A block in a notebook: a table's rows beyond [`NOTEBOOK_ROWS`] folded below it.
fn notebook_block(out: &mut String, block: &Block) {
    let Block::Table(t) = block else {
        return block_html(out, block);
    };
    if t.rows.len() <= NOTEBOOK_ROWS {
        return table_html(out, t);
    }
    let (shown, folded) = t.rows.split_at(NOTEBOOK_ROWS);
    let head = Table {
        rows: shown.to_vec(),
        total_rows: None,
        ..t.clone()
    };
    table_html(out, &head);
    let _ = write!(
        out,
        "<details><summary>{} more rows</summary>",
        folded.len()
    );
    let rest = Table {
        caption: None,
        rows: folded.to_vec(),
        total_rows: None,
        ..t.clone()
    };
    table_html(out, &rest);
    out.push_str("</details>");
    if let Some(note) = t.omitted_note() {
        let _ = write!(out, "<p class=\"omitted\">{}</p>", esc(&note));
    }
}

/// Columns a character takes in a terminal: 2 for East Asian wide and fullwidth characters,
/// 0 for combining marks and zero-width format characters, else 1.
fn char_width(c: char) -> usize {
    let u = u32::from(c);
    if matches!(u, 0x0300..=0x036F | 0x200B..=0x200F | 0x2060..=0x2064 | 0xFE00..=0xFE0F | 0xFEFF) {
        0
    } else if matches!(u,
        0x1100..=0x115F | 0x2E80..=0x303E | 0x3041..=0x33FF | 0x3400..=0x4DBF | 0x4E00..=0x9FFF
        | 0xA000..=0xA4CF | 0xAC00..=0xD7A3 | 0xF900..=0xFAFF | 0xFE30..=0xFE4F | 0xFF00..=0xFF60
        | 0xFFE0..=0xFFE6 | 0x1F300..=0x1F64F | 0x1F900..=0x1F9FF | 0x20000..=0x3FFFD)
    {
        2
    } else {
        1
    }
}

fn text_width(s: &str) -> usize {
    s.chars().map(char_width).sum()
}

/// A cell's text on one line: line breaks and tabs shown as `\n`/`\t`, so a table stays a table.
fn one_line(s: &str) -> String {
    s.replace('\r', "\\r")
        .replace('\n', "\\n")
        .replace('\t', "\\t")
}

fn heading_text(out: &mut String, title: &str, underline: char) {
    let _ = writeln!(out, "{title}");
    let width = text_width(title).max(1);
    out.extend(core::iter::repeat_n(underline, width));
    out.push('\n');
}

fn block_text(out: &mut String, block: &Block) {
    match block {
        Block::Paragraph { text } => {
            let _ = writeln!(out, "{text}");
        }
        Block::Note { tone, text } => {
            let _ = writeln!(out, "{}: {text}", tone.label());
        }
        Block::List { items } => {
            for item in items {
                let _ = writeln!(out, "- {item}");
            }
        }
        Block::Facts { items } => {
            let width = items.iter().map(|(k, _)| text_width(k)).max().unwrap_or(0);
            for (k, v) in items {
                let pad = width - text_width(k);
                let _ = writeln!(out, "{k}:{} {v}", " ".repeat(pad));
            }
        }
        Block::Table(t) => table_text(out, t),
        Block::Figure { caption, .. } => {
            let _ = writeln!(out, "[figure: {caption}]");
        }
    }
}

fn cell_text(cell: &Cell, row_mark: Mark) -> String {
    let mark = if cell.mark == Mark::None {
        row_mark
    } else {
        cell.mark
    };
    let (open, close) = mark.text_wrap();
    format!("{open}{}{close}", one_line(&cell.text))
}

fn table_text(out: &mut String, t: &Table) {
    if let Some(caption) = &t.caption {
        let _ = writeln!(out, "{caption}");
    }
    let cells: Vec<Vec<String>> = t
        .rows
        .iter()
        .map(|r| {
            // A row's mark is shown once, on its first cell.
            r.cells
                .iter()
                .enumerate()
                .map(|(i, c)| cell_text(c, if i == 0 { r.mark } else { Mark::None }))
                .collect()
        })
        .collect();
    let mut widths: Vec<usize> = t.columns.iter().map(|c| text_width(&c.title)).collect();
    for row in &cells {
        for (i, c) in row.iter().enumerate() {
            if let Some(w) = widths.get_mut(i) {
                *w = (*w).max(text_width(c));
            }
        }
    }
    let line = |out: &mut String, texts: &[String]| {
        let mut s = String::new();
        for (i, text) in texts.iter().enumerate() {
            let width = widths.get(i).copied().unwrap_or(0);
            let pad = " ".repeat(width.saturating_sub(text_width(text)));
            if i > 0 {
                s.push_str("  ");
            }
            match t.columns.get(i).map_or(Align::Left, |c| c.align) {
                Align::Left => {
                    s.push_str(text);
                    s.push_str(&pad);
                }
                Align::Right => {
                    s.push_str(&pad);
                    s.push_str(text);
                }
            }
        }
        out.push_str(s.trim_end());
        out.push('\n');
    };
    let titles: Vec<String> = t.columns.iter().map(|c| one_line(&c.title)).collect();
    line(out, &titles);
    let rules: Vec<String> = widths.iter().map(|&w| "-".repeat(w.max(1))).collect();
    line(out, &rules);
    for row in &cells {
        line(out, row);
    }
    if let Some(note) = t.omitted_note() {
        let _ = writeln!(out, "({note})");
    }
}

fn md_inline(s: &str) -> String {
    let mut out = String::with_capacity(s.len());
    for c in one_line(s).chars() {
        if matches!(c, '|' | '\\' | '*' | '_' | '`' | '<' | '>' | '[' | ']') {
            out.push('\\');
        }
        out.push(c);
    }
    out
}

fn block_markdown(out: &mut String, block: &Block) {
    match block {
        Block::Paragraph { text } => {
            let _ = writeln!(out, "{}", md_inline(text));
        }
        Block::Note { tone, text } => {
            let _ = writeln!(out, "> **{}:** {}", tone.label(), md_inline(text));
        }
        Block::List { items } => {
            for item in items {
                let _ = writeln!(out, "- {}", md_inline(item));
            }
        }
        Block::Facts { items } => {
            for (k, v) in items {
                let _ = writeln!(out, "- **{}:** {}", md_inline(k), md_inline(v));
            }
        }
        Block::Table(t) => {
            if let Some(caption) = &t.caption {
                let _ = writeln!(out, "**{}**\n", md_inline(caption));
            }
            out.push('|');
            for c in &t.columns {
                let _ = write!(out, " {} |", md_inline(&c.title));
            }
            out.push_str("\n|");
            for c in &t.columns {
                out.push_str(match c.align {
                    Align::Left => " :--- |",
                    Align::Right => " ---: |",
                });
            }
            out.push('\n');
            for row in &t.rows {
                out.push('|');
                for (i, cell) in row.cells.iter().enumerate() {
                    // A row's mark is shown once, on its first cell.
                    let mark = match cell.mark {
                        Mark::None if i == 0 => row.mark,
                        m => m,
                    };
                    let text = md_inline(&cell.text);
                    let shown = match mark {
                        Mark::Differs | Mark::Bad => format!("**{text}**"),
                        Mark::Missing => format!("−{text}"),
                        Mark::Extra => format!("+{text}"),
                        Mark::Placeholder => format!("_{text}_"),
                        _ => text,
                    };
                    let _ = write!(out, " {shown} |");
                }
                out.push('\n');
            }
            if let Some(note) = t.omitted_note() {
                let _ = writeln!(out, "\n_{note}_");
            }
        }
        Block::Figure { caption, svg } => {
            let _ = writeln!(
                out,
                "<figure>{svg}<figcaption>{}</figcaption></figure>",
                esc(caption)
            );
        }
    }
}

/// HTML-escape text for element content and attribute values.
pub fn esc(s: &str) -> String {
    let mut out = String::with_capacity(s.len());
    for c in s.chars() {
        match c {
            '&' => out.push_str("&amp;"),
            '<' => out.push_str("&lt;"),
            '>' => out.push_str("&gt;"),
            '"' => out.push_str("&quot;"),
            '\'' => out.push_str("&#39;"),
            _ => out.push(c),
        }
    }
    out
}

fn class_attr(classes: &[&str]) -> String {
    let joined: Vec<&str> = classes.iter().copied().filter(|c| !c.is_empty()).collect();
    if joined.is_empty() {
        String::new()
    } else {
        format!(" class=\"{}\"", joined.join(" "))
    }
}

fn block_html(out: &mut String, block: &Block) {
    match block {
        Block::Paragraph { text } => {
            let _ = write!(out, "<p>{}</p>", esc(text));
        }
        Block::Note { tone, text } => {
            let _ = write!(
                out,
                "<p class=\"note note-{0}\"><strong>{0}:</strong> {1}</p>",
                tone.label(),
                esc(text)
            );
        }
        Block::List { items } => {
            out.push_str("<ul>");
            for item in items {
                let _ = write!(out, "<li>{}</li>", esc(item));
            }
            out.push_str("</ul>");
        }
        Block::Facts { items } => {
            out.push_str("<dl class=\"facts\">");
            for (k, v) in items {
                let _ = write!(out, "<dt>{}</dt><dd>{}</dd>", esc(k), esc(v));
            }
            out.push_str("</dl>");
        }
        Block::Table(t) => table_html(out, t),
        Block::Figure { caption, svg } => {
            let _ = write!(
                out,
                "<figure>{svg}<figcaption>{}</figcaption></figure>",
                esc(caption)
            );
        }
    }
}

fn table_html(out: &mut String, t: &Table) {
    out.push_str("<table>");
    if let Some(caption) = &t.caption {
        let _ = write!(out, "<caption>{}</caption>", esc(caption));
    }
    out.push_str("<thead><tr>");
    for c in &t.columns {
        let align = if c.align == Align::Right { "num" } else { "" };
        let _ = write!(
            out,
            "<th scope=\"col\"{}>{}</th>",
            class_attr(&[align]),
            esc(&c.title)
        );
    }
    out.push_str("</tr></thead><tbody>");
    for row in &t.rows {
        let _ = write!(out, "<tr{}>", class_attr(&[row.mark.css().unwrap_or("")]));
        for (i, cell) in row.cells.iter().enumerate() {
            let right = t.columns.get(i).is_some_and(|c| c.align == Align::Right);
            let classes = [
                if right { "num" } else { "" },
                cell.mark.css().unwrap_or(""),
            ];
            let _ = write!(out, "<td{}>{}</td>", class_attr(&classes), esc(&cell.text));
        }
        out.push_str("</tr>");
    }
    out.push_str("</tbody></table>");
    if let Some(note) = t.omitted_note() {
        let _ = write!(out, "<p class=\"omitted\">{}</p>", esc(&note));
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn sample() -> Document {
        let mut rows = Table::new(vec![
            Column::new("row", Align::Right),
            Column::new("region", Align::Left),
        ])
        .captioned("Missing rows");
        rows.push_marked_row(vec![Cell::text("3"), Cell::text("North")], Mark::Missing);
        rows.push_row(vec![
            Cell::text("4"),
            Cell::text("a|b<c>").marked(Mark::Differs),
        ]);
        rows.total_rows = Some(9);
        Document::new("Task 7 failed")
            .lead(Block::paragraph("relation_mismatch: 2 rows differ"))
            .section(
                Section::new("Rows")
                    .block(Block::Table(rows))
                    .block(Block::note(Tone::Hint, "round to 1 place"))
                    .block(Block::Facts {
                        items: vec![("rows".into(), "9".into()), ("columns".into(), "2".into())],
                    }),
            )
    }

    #[test]
    fn text_aligns_and_marks() {
        let text = sample().to_text();
        assert!(text.starts_with("Task 7 failed\n=============\n"));
        assert!(
            text.contains(
                "row  region\n---  --------\n -3  North\n  4  *a|b<c>*\n(2 of 9 rows shown)\n"
            ),
            "{text}"
        );
        assert!(text.contains("hint: round to 1 place\n"));
        assert!(text.contains("rows:    9\ncolumns: 2\n"));
    }

    #[test]
    fn markdown_escapes_pipes() {
        let md = sample().to_markdown();
        assert!(md.contains("| 4 | **a\\|b\\<c\\>** |"), "{md}");
        assert!(md.contains("| ---: | :--- |"));
        assert!(md.contains("> **hint:** round to 1 place"));
    }

    #[test]
    fn html_escapes_and_classes() {
        let html = sample().to_html();
        assert!(
            html.contains("<tr class=\"mark-missing\"><td class=\"num\">3</td><td>North</td></tr>")
        );
        assert!(html.contains("<td class=\"mark-differs\">a|b&lt;c&gt;</td>"));
        assert!(html.contains("<section data-section=\"rows\"><h2>Rows</h2>"));
        assert!(!html.contains("<c>"));
    }

    #[test]
    fn csv_has_every_table() {
        let csv = sample().to_csv();
        assert_eq!(
            csv,
            "# Missing rows\r\nrow,region\r\n3,North\r\n4,a|b<c>\r\n"
        );
    }

    #[test]
    fn wide_characters_align() {
        let mut t = Table::new(vec![
            Column::new("城市", Align::Left),
            Column::new("n", Align::Right),
        ]);
        t.push_row(vec![Cell::text("北京"), Cell::text("1")]);
        t.push_row(vec![Cell::text("x"), Cell::text("22")]);
        let mut out = String::new();
        table_text(&mut out, &t);
        assert_eq!(out, "城市   n\n----  --\n北京   1\nx     22\n");
    }

    #[test]
    fn serializes_with_kinds() {
        let json = serde_json::to_string(&sample()).unwrap();
        assert!(json.contains("\"kind\":\"table\""));
        assert!(json.contains("\"mark\":\"missing\""));
        assert!(json.contains("\"tone\":\"hint\""));
        let back: Document = serde_json::from_str(&json).unwrap();
        assert_eq!(back, sample());
        let text = crate::cpython_json::to_tree(&sample()).to_pretty();
        assert_eq!(Document::from_json(&text), Ok(sample()));
        for refused in ["\"kind\":\"table\"", "\"tone\":\"hint\""] {
            let wrong = refused.replace(":\"", ":\"x");
            let compact = json.replace(refused, &wrong);
            assert!(Document::from_json(&compact).is_err(), "{wrong}");
        }
    }
}
