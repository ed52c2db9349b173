//! The words of every message a binding shows about its own arguments, inputs and optional
//! packages: the binding passes the data only it has (an argument's name, a value's type name
//! or repr, a limit) and raises the text rendered here with its own exception class and error
//! code, so Python, the CLI, WebAssembly and the page say the same thing in one set of words.
//!
//! Each message has a stable snake_case code ([`MessageCode`], the key a binding names it by)
//! and named fields ([`MessageData`]); [`render_message`] words it.
//!
//! ```
//! use tabeq::error::{render_message, MessageCode, MessageData};
//! let data = MessageData::new().text("what", "threads").text("expected", "a positive int or None")
//!     .text("got", "str");
//! let message = render_message(MessageCode::WrongType, &data).unwrap();
//! assert_eq!(message, "threads must be a positive int or None, got str");
//! ```

use super::{code_enum, CodedError};

code_enum! {
    /// The messages a binding renders through the core (`tabeq._tabeq.message`, WASM's
    /// `message`): each code names one wording; its fields are listed in braces.
    MessageCode as "MessageCode" {
        /// `{what} must be {expected}`.
        MustBe => "must_be",
        /// `{what} must be {expected}, got {got}` (`got`: the value's type name).
        WrongType => "wrong_type",
        /// `{what} must be {expected}, not {got}` (`got`: a type name, a repr or a description).
        WrongTypeNot => "wrong_type_not",
        /// `{what} takes {expected}, got {got}`.
        TakesType => "takes_type",
        /// `expected {expected}, got {got}`.
        ExpectedGot => "expected_got",
        /// `{what} must be {choices} (joined with "or"), not {value}`.
        NotAChoice => "not_a_choice",
        /// `{what} must be one of {choices} (joined with commas), got {value}`.
        NotOneOf => "not_one_of",
        /// `give exactly one of {choices}` (joined with "or").
        ExactlyOneOf => "exactly_one_of",
        /// `give one of {choices}` (joined with commas): several were given, or none.
        GiveOneOf => "give_one_of",
        /// `no completion for {shell}: one of {choices}` (joined with commas).
        UnknownShell => "unknown_shell",
        /// `row {index} is a {got}; a table given as rows is a list of lists (or tuples), header
        /// first`.
        RowNotSequence => "row_not_sequence",
        /// `the {role} table is required, got None`.
        TableRequired => "table_required",
        /// `the {role} is a str, which tabeq reads as a path, but it looks like CSV text; pass the
        /// CSV as bytes (text.encode()) instead`.
        PathLooksLikeCsv => "path_looks_like_csv",
        /// `cannot use {got} as the {role}: pass CSV bytes, a path, a pandas or polars DataFrame,
        /// or a list of rows with the header first`.
        NotATable => "not_a_table",
        /// `a bool option (True or False) got {got}`.
        NotABool => "not_a_bool",
        /// `cannot use {got} as {what}`.
        CannotUseAs => "cannot_use_as",
        /// `{what} contains a lone surrogate U+{code} at index {index}, which is not Unicode text`
        /// (`code`: four hex digits).
        LoneSurrogate => "lone_surrogate",
        /// `{what} must be between {min} and {max}, got {value}`.
        MustBeBetween => "must_be_between",
        /// `{what} is not a usable path: {detail}`.
        NotUsablePath => "not_usable_path",
        /// `{what} contains U+{code} at index {index}, which the file system encoding cannot
        /// represent`.
        NotFsEncodable => "not_fs_encodable",
        /// `{what} contains a NUL character`.
        ContainsNul => "contains_nul",
        /// `not a {what} code: {value}`.
        NotACode => "not_a_code",
        /// `{what}: text with a lone surrogate is not CSV`.
        SurrogateNotCsv => "surrogate_not_csv",
        /// `the {what} differ in length`, then `: {counts}` (joined with commas) when given.
        ColumnsDiffer => "columns_differ",
        /// `{what}: not an Arrow C array (schema, array)`.
        NotArrowArray => "not_arrow_array",
        /// `{what} must hold {expected}, item {index} is {got}`.
        ItemNot => "item_not",
        /// `expected {expected}`.
        Expected => "expected",
        /// `{what}: {detail}`.
        InContext => "in_context",
        /// `{what} is nested more than {depth} levels deep`.
        NestedTooDeep => "nested_too_deep",
        /// `{what} holds a {got}: expected {expected}`.
        HoldsA => "holds_a",
        /// `{what} is not JSON: {detail}`.
        NotJson => "not_json",
        /// `{what} must be {choices}` (joined with "or").
        MustBeChoice => "must_be_choice",
        /// `{what} must be one of {choices}` (joined with commas).
        MustBeOneOf => "must_be_one_of",
        /// `a command is required: one of {choices}` (joined with commas).
        CommandRequired => "command_required",
        /// `wrote {count} files to {path} (PDF and PNG by {converter})`, or `(SVG only: ...)` when
        /// `converter` is empty.
        PaperWritten => "paper_written",
        /// `not an integer: {value}`.
        NotAnInteger => "not_an_integer",
        /// `must be between {min} and {max}, got {value}`.
        OutOfRange => "out_of_range",
        /// `{what} needs {needed}: pip install {package}`.
        NeedsPackage => "needs_package",
        /// `the columns have no {name} (given: {given})` (joined with commas).
        MappingLacksColumn => "mapping_lacks_column",
        /// `the table has no column {name} (its columns: {columns})` (joined with commas).
        TableLacksColumn => "table_lacks_column",
        /// `{what} has no {name} column ({holding})`.
        DatasetLacksColumn => "dataset_lacks_column",
        /// `{what} has no {key} key`.
        MissingKey => "missing_key",
        /// `no config: {how}` (`how`: a [`MessageCode::NoConfig`] place list, `pass {argument}`
        /// and/or the places, joined with "or").
        NoConfig => "no_config",
        /// `{what} is not JSON data: {detail}`.
        NotJsonData => "not_json_data",
        /// `{what} is text but not JSON: {detail}`.
        TextNotJson => "text_not_json",
        /// `cannot read {what}: {detail}`.
        CannotRead => "cannot_read",
        /// `{what} cannot be read: {detail}`.
        Unreadable => "unreadable",
        /// `cannot read a {what} of type {got}`.
        UnreadableType => "unreadable_type",
        /// `{what} is not UTF-8 (byte {byte})`.
        NotUtf8At => "not_utf8_at",
        /// `{count} {what} but {others}` (`others`: counts with their names, joined with "and").
        LengthsDiffer => "lengths_differ",
        /// `{path} is not a readable inspect_ai eval log ({reason})`.
        NotInspectLog => "not_inspect_log",
        /// `every value must be a number: {detail}`.
        NotAllNumbers => "not_all_numbers",
        /// `unexpected file name {name}`.
        UnexpectedFileName => "unexpected_file_name",
        /// `{what} cannot be read as JSON: {detail}`.
        NotReadableAsJson => "not_readable_as_json",
        /// `the trust analysis stopped unexpectedly`.
        TrustStopped => "trust_stopped",
        /// `not a ZIP archive (no end of central directory record)`.
        ZipNotZip => "zip_not_zip",
        /// `ZIP64 archives are not supported; zip the folder without ZIP64`.
        ZipZip64 => "zip_zip64",
        /// `damaged central directory at entry {entry}`.
        ZipDamagedDirectory => "zip_damaged_directory",
        /// `damaged local header of {path}`.
        ZipDamagedHeader => "zip_damaged_header",
        /// `{path} is cut short`.
        ZipCutShort => "zip_cut_short",
        /// `{path} overlaps another entry of the zip (a crafted archive): it is not read`.
        ZipOverlapping => "zip_overlapping",
        /// `{path} is encrypted; zip the folder without a password`.
        ZipEncrypted => "zip_encrypted",
        /// `{path} uses compression method {method}; only stored and deflated entries are read`.
        ZipMethod => "zip_method",
        /// `not read: the zip inflates to more than {limit} bytes in all before {path}`.
        ZipTotalBefore => "zip_total_before",
        /// `not read: the zip inflates to more than {limit} bytes in all, reached at {path}`.
        ZipTotalReached => "zip_total_reached",
        /// `{path} does not inflate (damaged deflate data)`.
        ZipNotInflating => "zip_not_inflating",
        /// `{path} inflates to {size} bytes (or more than {count_limit} bytes when `size` is
        /// absent), more than the {limit} bytes a file may have: it is not read`.
        ZipMemberTooLarge => "zip_member_too_large",
        /// `{path} declares {declared} bytes but holds {held} (a damaged or crafted entry)`.
        ZipSizeMismatch => "zip_size_mismatch",
        /// `This share link is damaged (cut short when copied?): nothing was loaded.`
        ShareDamaged => "share_damaged",
        /// `This share link expands to more than a link may hold ({limit} bytes of files): nothing was loaded.`
        ShareTooLarge => "share_too_large",
    }
}

/// One field of a message: text, a whole number or a list of texts (joined as the message says).
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum MessageValue {
    /// Shown as it is (a name, a type name, a repr the binding made).
    Text(String),
    /// A whole number (a limit, a count, a byte offset).
    Int(i128),
    /// Items the message joins (with commas, or with commas and a last "or"/"and").
    List(Vec<String>),
}

impl MessageValue {
    fn shown(&self) -> String {
        match self {
            MessageValue::Text(text) => text.clone(),
            MessageValue::Int(n) => n.to_string(),
            MessageValue::List(items) => items.join(", "),
        }
    }
}

/// The named fields of a message, as a binding passes them.
#[derive(Debug, Clone, Default, PartialEq, Eq)]
pub struct MessageData {
    fields: Vec<(String, MessageValue)>,
}

impl MessageData {
    /// No fields yet.
    pub fn new() -> Self {
        MessageData::default()
    }
    /// With `name` set to `value` (a later value replaces an earlier one).
    pub fn with(mut self, name: impl Into<String>, value: MessageValue) -> Self {
        let name = name.into();
        self.fields.retain(|(n, _)| *n != name);
        self.fields.push((name, value));
        self
    }
    /// With a text field.
    pub fn text(self, name: impl Into<String>, value: impl Into<String>) -> Self {
        self.with(name, MessageValue::Text(value.into()))
    }
    /// With a number field.
    pub fn int(self, name: impl Into<String>, value: i128) -> Self {
        self.with(name, MessageValue::Int(value))
    }
    /// With a list field.
    pub fn list<S: Into<String>>(
        self,
        name: impl Into<String>,
        items: impl IntoIterator<Item = S>,
    ) -> Self {
        let items = items.into_iter().map(Into::into).collect();
        self.with(name, MessageValue::List(items))
    }
    fn get(&self, code: MessageCode, name: &str) -> Result<&MessageValue, CodedError> {
        self.fields
            .iter()
            .find(|(n, _)| n == name)
            .map(|(_, v)| v)
            .ok_or_else(|| {
                CodedError::invalid_argument(format!("message {code} needs the field {name:?}"))
            })
    }
    fn field(&self, code: MessageCode, name: &str) -> Result<String, CodedError> {
        self.get(code, name).map(MessageValue::shown)
    }
    /// A list field joined with commas and a last `last` ("or", "and"); a text field as it is.
    fn joined(&self, code: MessageCode, name: &str, last: &str) -> Result<String, CodedError> {
        Ok(match self.get(code, name)? {
            MessageValue::List(items) => join_last(items, last),
            other => other.shown(),
        })
    }
}

/// `n` with its digits grouped by commas (`33,554,434`), as JavaScript's `toLocaleString("en-US")`.
fn grouped(n: i128) -> String {
    let digits = n.unsigned_abs().to_string();
    let mut out = String::new();
    for (i, d) in digits.chars().enumerate() {
        if i > 0 && (digits.len() - i).is_multiple_of(3) {
            out.push(',');
        }
        out.push(d);
    }
    if n < 0 {
        out.insert(0, '-');
    }
    out
}

/// `a, b or c` (`last` = "or"), `a or b`, `a`.
fn join_last(items: &[String], last: &str) -> String {
    match items {
        [] => String::new(),
        [one] => one.clone(),
        [first @ .., end] => format!("{} {last} {end}", first.join(", ")),
    }
}

/// The message `code` worded with `data`, or, when a field it needs is absent, the
/// `invalid_argument` error's own text (a binding raising a message never fails to word it).
///
/// ```
/// use tabeq::error::{words, MessageCode, MessageData};
/// let data = MessageData::new().text("what", "the gold");
/// assert_eq!(words(MessageCode::ContainsNul, &data), "the gold contains a NUL character");
/// ```
pub fn words(code: MessageCode, data: &MessageData) -> String {
    render_message(code, data).unwrap_or_else(|e| e.message)
}

impl CodedError {
    /// An `invalid_argument` error worded by the catalogue: how a binding refuses an argument.
    ///
    /// ```
    /// use tabeq::error::{CodedError, MessageCode, MessageData};
    /// let data = MessageData::new().text("what", "kind").text("expected", "a string");
    /// let e = CodedError::refused(MessageCode::MustBe, data);
    /// assert_eq!((e.code, e.message.as_str()), ("invalid_argument", "kind must be a string"));
    /// ```
    pub fn refused(code: MessageCode, data: MessageData) -> CodedError {
        CodedError::invalid_argument(words(code, &data))
    }
}

/// The message `code` worded with `data`; an `invalid_argument` error when a field it needs is
/// absent.
pub fn render_message(code: MessageCode, data: &MessageData) -> Result<String, CodedError> {
    use MessageCode::*;
    let f = |name: &str| data.field(code, name);
    let or = |name: &str| data.joined(code, name, "or");
    // Sizes as the page writes them: digits grouped by commas.
    let n = |name: &str| {
        data.get(code, name).map(|v| match v {
            MessageValue::Int(k) => grouped(*k),
            other => other.shown(),
        })
    };
    Ok(match code {
        MustBe => format!("{} must be {}", f("what")?, f("expected")?),
        WrongType => format!("{} must be {}, got {}", f("what")?, f("expected")?, f("got")?),
        WrongTypeNot => format!("{} must be {}, not {}", f("what")?, f("expected")?, f("got")?),
        TakesType => format!("{} takes {}, got {}", f("what")?, f("expected")?, f("got")?),
        ExpectedGot => format!("expected {}, got {}", f("expected")?, f("got")?),
        NotAChoice => format!("{} must be {}, not {}", f("what")?, or("choices")?, f("value")?),
        NotOneOf => format!(
            "{} must be one of {}, got {}",
            f("what")?,
            f("choices")?,
            f("value")?
        ),
        ExactlyOneOf => format!("give exactly one of {}", or("choices")?),
        GiveOneOf => format!("give one of {}", f("choices")?),
        UnknownShell => format!("no completion for {}: one of {}", f("shell")?, f("choices")?),
        RowNotSequence => format!(
            "row {} is a {}; a table given as rows is a list of lists (or tuples), header first",
            f("index")?,
            f("got")?
        ),
        TableRequired => format!("the {} table is required, got None", f("role")?),
        PathLooksLikeCsv => format!(
            "the {} is a str, which tabeq reads as a path, but it looks like CSV text; pass the \
             CSV as bytes (text.encode()) instead",
            f("role")?
        ),
        NotATable => format!(
            "cannot use {} as the {}: pass CSV bytes, a path, a pandas or polars DataFrame, or a \
             list of rows with the header first",
            f("got")?,
            f("role")?
        ),
        NotABool => format!("a bool option (True or False) got {}", f("got")?),
        CannotUseAs => format!("cannot use {} as {}", f("got")?, f("what")?),
        LoneSurrogate => format!(
            "{} contains a lone surrogate U+{} at index {}, which is not Unicode text",
            f("what")?,
            f("code")?,
            f("index")?
        ),
        MustBeBetween => format!(
            "{} must be between {} and {}, got {}",
            f("what")?,
            f("min")?,
            f("max")?,
            f("value")?
        ),
        NotUsablePath => format!("{} is not a usable path: {}", f("what")?, f("detail")?),
        NotFsEncodable => format!(
            "{} contains U+{} at index {}, which the file system encoding cannot represent",
            f("what")?,
            f("code")?,
            f("index")?
        ),
        ContainsNul => format!("{} contains a NUL character", f("what")?),
        NotACode => format!("not a {} code: {}", f("what")?, f("value")?),
        SurrogateNotCsv => format!("{}: text with a lone surrogate is not CSV", f("what")?),
        ColumnsDiffer => match data.get(code, "counts") {
            Ok(counts) => format!("the {} differ in length: {}", f("what")?, counts.shown()),
            Err(_) => format!("the {} differ in length", f("what")?),
        },
        NotArrowArray => format!("{}: not an Arrow C array (schema, array)", f("what")?),
        ItemNot => format!(
            "{} must hold {}, item {} is {}",
            f("what")?,
            f("expected")?,
            f("index")?,
            f("got")?
        ),
        Expected => format!("expected {}", f("expected")?),
        InContext => format!("{}: {}", f("what")?, f("detail")?),
        NestedTooDeep => format!(
            "{} is nested more than {} levels deep",
            f("what")?,
            f("depth")?
        ),
        HoldsA => format!("{} holds a {}: expected {}", f("what")?, f("got")?, f("expected")?),
        NotJson => format!("{} is not JSON: {}", f("what")?, f("detail")?),
        MustBeChoice => format!("{} must be {}", f("what")?, or("choices")?),
        MustBeOneOf => format!("{} must be one of {}", f("what")?, f("choices")?),
        CommandRequired => format!("a command is required: one of {}", f("choices")?),
        PaperWritten => {
            let how = match f("converter")? {
                converter if converter.is_empty() => {
                    "SVG only: install rsvg-convert or cairosvg for PDF/PNG".to_owned()
                }
                converter => format!("PDF and PNG by {converter}"),
            };
            format!("wrote {} files to {} ({how})", f("count")?, f("path")?)
        }
        NotAnInteger => format!("not an integer: {}", f("value")?),
        OutOfRange => format!(
            "must be between {} and {}, got {}",
            f("min")?,
            f("max")?,
            f("value")?
        ),
        NeedsPackage => format!(
            "{} needs {}: pip install {}",
            f("what")?,
            f("needed")?,
            f("package")?
        ),
        MappingLacksColumn => format!("the columns have no {} (given: {})", f("name")?, f("given")?),
        TableLacksColumn => format!(
            "the table has no column {} (its columns: {})",
            f("name")?,
            f("columns")?
        ),
        DatasetLacksColumn => format!(
            "{} has no {} column ({})",
            f("what")?,
            f("name")?,
            f("holding")?
        ),
        MissingKey => format!("{} has no {} key", f("what")?, f("key")?),
        NoConfig => {
            let places = or("places")?;
            match data.get(code, "argument") {
                Ok(argument) => format!("no config: pass {} or put it in {places}", argument.shown()),
                Err(_) => format!("no config: put it in {places}"),
            }
        }
        NotJsonData => format!("{} is not JSON data: {}", f("what")?, f("detail")?),
        TextNotJson => format!("{} is text but not JSON: {}", f("what")?, f("detail")?),
        CannotRead => format!("cannot read {}: {}", f("what")?, f("detail")?),
        Unreadable => format!("{} cannot be read: {}", f("what")?, f("detail")?),
        UnreadableType => format!("cannot read a {} of type {}", f("what")?, f("got")?),
        NotUtf8At => format!("{} is not UTF-8 (byte {})", f("what")?, f("byte")?),
        LengthsDiffer => format!(
            "{} {} but {}",
            f("count")?,
            f("what")?,
            data.joined(code, "others", "and")?
        ),
        NotInspectLog => format!(
            "{} is not a readable inspect_ai eval log ({})",
            f("path")?,
            f("reason")?
        ),
        NotAllNumbers => format!("every value must be a number: {}", f("detail")?),
        UnexpectedFileName => format!("unexpected file name {}", f("name")?),
        NotReadableAsJson => format!("{} cannot be read as JSON: {}", f("what")?, f("detail")?),
        TrustStopped => "the trust analysis stopped unexpectedly".into(),
        ZipNotZip => "not a ZIP archive (no end of central directory record)".into(),
        ZipZip64 => "ZIP64 archives are not supported; zip the folder without ZIP64".into(),
        ZipDamagedDirectory => format!("damaged central directory at entry {}", f("entry")?),
        ZipDamagedHeader => format!("damaged local header of {}", f("path")?),
        ZipCutShort => format!("{} is cut short", f("path")?),
        ZipOverlapping => format!(
            "{} overlaps another entry of the zip (a crafted archive): it is not read",
            f("path")?
        ),
        ZipEncrypted => format!(
            "{} is encrypted; zip the folder without a password",
            f("path")?
        ),
        ZipMethod => format!(
            "{} uses compression method {}; only stored and deflated entries are read",
            f("path")?,
            f("method")?
        ),
        ZipTotalBefore => format!(
            "not read: the zip inflates to more than {} bytes in all before {}",
            n("limit")?,
            f("path")?
        ),
        ZipTotalReached => format!(
            "not read: the zip inflates to more than {} bytes in all, reached at {}",
            n("limit")?,
            f("path")?
        ),
        ZipNotInflating => format!("{} does not inflate (damaged deflate data)", f("path")?),
        ZipMemberTooLarge => {
            let size = match data.get(code, "size") {
                Ok(MessageValue::Int(size)) => format!("{} bytes", grouped(*size)),
                _ => format!("more than {} bytes", n("count_limit")?),
            };
            format!(
                "{} inflates to {size}, more than the {} bytes a file may have: it is not read",
                f("path")?,
                n("limit")?
            )
        }
        ZipSizeMismatch => format!(
            "{} declares {} bytes but holds {} (a damaged or crafted entry)",
            f("path")?,
            n("declared")?,
            n("held")?
        ),
        ShareDamaged => {
            "This share link is damaged (cut short when copied?): nothing was loaded.".into()
        }
        ShareTooLarge => format!(
            "This share link expands to more than a link may hold ({} bytes of files): nothing was loaded.",
            n("limit")?
        ),
    })
}

/// [`render_message`] for a code given as text (a binding's key); an `invalid_argument` error
/// for a code the catalogue lacks.
pub fn render_message_named(code: &str, data: &MessageData) -> Result<String, CodedError> {
    let known = MessageCode::from_code(code)
        .ok_or_else(|| CodedError::invalid_argument(format!("no message {code:?}")))?;
    render_message(known, data)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn joins_lists_as_the_message_says() {
        let data = MessageData::new().list("choices", ["spider", "bird", "bird_f1"]);
        let data = data.text("what", "metric").text("value", "'x'");
        let m = render_message(MessageCode::NotAChoice, &data).unwrap();
        assert_eq!(m, "metric must be spider, bird or bird_f1, not 'x'");
        let one = MessageData::new().list("choices", ["a"]);
        assert_eq!(
            render_message(MessageCode::ExactlyOneOf, &one).unwrap(),
            "give exactly one of a"
        );
        let m = render_message(MessageCode::GiveOneOf, &data).unwrap();
        assert_eq!(m, "give one of spider, bird, bird_f1");
    }

    #[test]
    fn a_missing_field_or_unknown_code_is_an_error_not_a_panic() {
        let e = render_message(MessageCode::WrongType, &MessageData::new()).unwrap_err();
        assert_eq!(
            (e.code, e.message.as_str()),
            (
                "invalid_argument",
                "message wrong_type needs the field \"what\""
            )
        );
        let e = render_message_named("no_such_message", &MessageData::new()).unwrap_err();
        assert_eq!(e.code, "invalid_argument");
    }

    #[test]
    fn sizes_are_grouped_as_the_page_wrote_them() {
        let data = MessageData::new()
            .text("path", "task_1/prediction.csv")
            .int("limit", 20_971_520);
        let m = render_message(
            MessageCode::ZipMemberTooLarge,
            &data.clone().int("size", 33_554_434),
        )
        .unwrap();
        assert_eq!(m, "task_1/prediction.csv inflates to 33,554,434 bytes, more than the 20,971,520 bytes a file may have: it is not read");
        let m = render_message(
            MessageCode::ZipMemberTooLarge,
            &data.int("count_limit", 1_000),
        )
        .unwrap();
        assert!(m.contains("inflates to more than 1,000 bytes,"), "{m}");
        assert_eq!(
            (grouped(0), grouped(999), grouped(-1000)),
            ("0".into(), "999".into(), "-1,000".into())
        );
    }

    #[test]
    fn no_config_with_and_without_an_argument() {
        let places = MessageData::new().list("places", ["a", "b"]);
        let m = render_message(MessageCode::NoConfig, &places).unwrap();
        assert_eq!(m, "no config: put it in a or b");
        let m = render_message(
            MessageCode::NoConfig,
            &places.text("argument", "config=..."),
        )
        .unwrap();
        assert_eq!(m, "no config: pass config=... or put it in a or b");
    }

    #[test]
    fn every_code_renders_when_given_every_field() {
        let names = [
            "what",
            "expected",
            "got",
            "choices",
            "value",
            "shell",
            "min",
            "max",
            "needed",
            "package",
            "name",
            "given",
            "columns",
            "holding",
            "key",
            "places",
            "detail",
            "byte",
            "count",
            "others",
            "path",
            "reason",
            "entry",
            "size",
            "limit",
            "method",
            "count_limit",
            "declared",
            "held",
            "index",
            "role",
            "code",
            "min",
            "max",
            "value",
            "depth",
            "counts",
            "converter",
        ];
        let data = names
            .iter()
            .fold(MessageData::new(), |d, n| d.text(*n, format!("<{n}>")));
        for &code in MessageCode::ALL {
            let message = render_message(code, &data).unwrap();
            assert!(!message.contains('{'), "{code}: {message}");
        }
    }
}
