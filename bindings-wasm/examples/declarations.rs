//! Regenerates the parts of the TypeScript declarations that come from the Rust types: between
//! `// <generated: NAME>` and `// </generated: NAME>` in a `.d.ts`, the block NAME is rewritten.
//! Blocks: `error-codes` (one string-literal union per family of the evaluator's error codes) and
//! `trust-error-codes` (the trust family), from the catalogue (`tabeq_surface::trust::error_catalogue`, which
//! holds every family); `types` and `trust-types`, every object the modules return, from the
//! core's types (`ts_rs::TS`, derived next to each `Serialize` under the core crates' feature
//! `ts`); `functions` and `trust-functions`, the functions and classes the modules export, from
//! this crate's `#[wasm_bindgen]` items (their doc comments and `unchecked_param_type` /
//! `unchecked_return_type` attributes). Only what lies outside the blocks is written by hand (the
//! arguments only a binding reads, the thrown error). `make types` runs it; `make test` fails
//! when that changes a committed file.
//!
//! Usage: `cargo run -p tabeq-wasm --features ts --example declarations -- FILE.d.ts...`

use std::fs;
use std::process::ExitCode;

/// The union type of each catalogue family the JavaScript modules can report, with its comment.
const FAMILIES: &[(&str, &str, &str)] = &[
    ("task", "TaskErrorCode", "Why a task failed: `TaskResult.error_code` (never thrown)."),
    ("csv", "CsvErrorCode", "A CSV file the strict reader refuses (thrown with stage \"csv\")."),
    ("cell", "CellErrorCode", "A cell that does not read under its column rule."),
    ("fatal", "FatalErrorCode", "A broken config, gold or suite layout (stage \"config\", \"gold\" or \"suite\")."),
    ("binding", "BindingErrorCode", "Errors of the binding itself: a wrong argument type or size, a suite used out of order, a freed object, a module not loaded, a bug."),
    ("submission", "SubmissionErrorCode", "What the check of a predictions folder finds beyond a task's own error code, and the code parseTaskList throws."),
    ("spider2", "Spider2ErrorCode", "The Spider 2.0 profile's codes: why a comparison scores 0 as the official raises, its notes and soundness warnings, and an eval file that cannot be read."),
    ("kddcup", "KddcupErrorCode", "The KDD Cup 2026 Phase-1 profile's fatal errors (stage \"kddcup\"): what the official `dabench score-run` stops on."),
    ("trust", "TrustErrorCode", "Errors of the trust metrics (stage \"trust\")."),
];

/// The block `name`, or `None` for a block this generator does not know.
fn block(name: &str) -> Option<String> {
    match name {
        "error-codes" => Some(error_codes(|family| family != "trust")),
        "trust-error-codes" => Some(error_codes(|family| family == "trust")),
        "types" => Some(declarations(
            tabeq_surface::evaluator::typescript_declarations(),
        )),
        "trust-types" => Some(declarations(tabeq_surface::trust::typescript_declarations())),
        "functions" => Some(exports::declarations(exports::Module::Evaluator)),
        "trust-functions" => Some(exports::declarations(exports::Module::Trust)),
        "spider2-codes" => Some(spider2_codes()),
        "spider2-types" => Some(declarations(
            tabeq_surface::spider2::typescript_declarations(),
        )),
        "spider2-functions" => Some(exports::declarations(exports::Module::Spider2)),
        "kddcup-types" => Some(declarations(
            tabeq_surface::kddcup::typescript_declarations(),
        )),
        "kddcup-functions" => Some(exports::declarations(exports::Module::Kddcup)),
        _ => None,
    }
}

/// ts-rs declarations (`export type NAME = ...;` on one line, preceded by their documentation),
/// laid out for reading: an object type as an interface with one member per line.
fn declarations(decls: Vec<String>) -> String {
    let mut out = String::new();
    for decl in decls {
        let (docs, rest) = match decl.find("export type ") {
            Some(i) => decl.split_at(i),
            None => ("", decl.as_str()),
        };
        let rest = rest["export type ".len()..]
            .trim_end()
            .trim_end_matches(';');
        let (name, body) = rest.split_once(" = ").unwrap_or((rest, ""));
        out += "\n";
        out += &plain_links(docs);
        let body = body.trim();
        let body = body
            .strip_prefix('(')
            .and_then(|b| b.strip_suffix(')'))
            .filter(|b| split_top(b, '&').len() > 1)
            .unwrap_or(body);
        let parts = split_top(body, '&');
        // `Base & { ... }` (a flattened report plus members) reads as the interface extending it.
        let extends = match parts.as_slice() {
            [base, members] if is_name(base.trim()) && is_object(members.trim()) => {
                Some((base.trim(), members.trim()))
            }
            _ => None,
        };
        if let Some((base, members)) = extends {
            let members = &members[1..members.len() - 1];
            out += &format!(
                "export interface {name} extends {base} {}\n",
                object(members, "")
            );
        } else if is_object(body) {
            out += &format!(
                "export interface {name} {}\n",
                object(&body[1..body.len() - 1], "")
            );
        } else {
            let laid = type_expr(body, "");
            let gap = if laid.starts_with('\n') { "" } else { " " };
            out += &format!("export type {name} ={gap}{laid};\n");
        }
    }
    out
}

/// Documentation without rustdoc's link brackets: "[`TaskConfig`]" reads "`TaskConfig`".
fn plain_links(docs: &str) -> String {
    docs.replace("[`", "`").replace("`]", "`")
}

/// `s` split at `sep` where it is not nested in brackets, a string or a comment.
fn split_top(s: &str, sep: char) -> Vec<&str> {
    let (mut parts, mut depth, mut start) = (Vec::new(), 0i32, 0);
    let mut chars = s.char_indices().peekable();
    while let Some((i, c)) = chars.next() {
        match c {
            '"' => {
                for (_, c) in chars.by_ref() {
                    if c == '"' {
                        break;
                    }
                }
            }
            '/' if s[i..].starts_with("/*") => {
                let end = s[i..].find("*/").map_or(s.len(), |e| i + e + 2);
                while chars.peek().is_some_and(|(j, _)| *j < end) {
                    chars.next();
                }
            }
            '{' | '[' | '(' | '<' => depth += 1,
            '}' | ']' | ')' | '>' => depth -= 1,
            c if c == sep && depth == 0 => {
                parts.push(&s[start..i]);
                start = i + c.len_utf8();
            }
            _ => {}
        }
    }
    parts.push(&s[start..]);
    parts
}

/// Whether `s` is a type's name (`ValidationReport`).
fn is_name(s: &str) -> bool {
    !s.is_empty() && s.chars().all(|c| c.is_ascii_alphanumeric() || c == '_')
}

/// Whether `s` is one object type `{ ... }` (not a union or intersection of them).
fn is_object(s: &str) -> bool {
    s.starts_with('{')
        && s.ends_with('}')
        && split_top(s, '|').len() == 1
        && split_top(s, '&').len() == 1
}

/// A type expression laid out at `indent`: a union with objects one variant per line.
fn type_expr(s: &str, indent: &str) -> String {
    let s = s.trim();
    let variants = split_top(s, '|');
    if variants.len() > 1 {
        let laid: Vec<String> = variants
            .iter()
            .map(|v| type_expr(v, &format!("{indent}  ")))
            .collect();
        if laid.iter().any(|v| v.contains('\n')) || s.len() > 90 {
            return laid.iter().map(|v| format!("\n{indent}  | {v}")).collect();
        }
        return laid.join(" | ");
    }
    let parts = split_top(s, '&');
    if parts.len() > 1 {
        let laid: Vec<String> = parts.iter().map(|p| type_expr(p, indent)).collect();
        return format!("({})", laid.join(" & "));
    }
    if is_object(s) {
        return object(&s[1..s.len() - 1], indent);
    }
    if let Some(item) = s.strip_prefix("Array<").and_then(|s| s.strip_suffix('>')) {
        let item = type_expr(item, indent);
        return match split_top(&item, '|').len() + split_top(&item, '&').len() {
            2 => format!("{item}[]"),
            _ => format!("({item})[]"),
        };
    }
    s.to_string()
}

/// The members of an object type (`key: type, ...` with doc comments) laid out as a block, or on
/// one line when short and undocumented.
fn object(inner: &str, indent: &str) -> String {
    let inner_indent = format!("{indent}  ");
    let mut members = Vec::new();
    for member in split_top(inner, ',') {
        let mut member = member.trim();
        let mut docs = Vec::new();
        while let Some(rest) = member.strip_prefix("/**") {
            let end = rest.find("*/").unwrap_or(rest.len());
            let text: Vec<&str> = rest[..end]
                .lines()
                .map(|l| l.trim().trim_start_matches('*').trim())
                .filter(|l| !l.is_empty())
                .collect();
            docs.push(plain_links(&text.join(" ")));
            member = rest[(end + 2).min(rest.len())..].trim();
        }
        if member.is_empty() {
            continue;
        }
        let (key, ty) = member.split_once(':').unwrap_or((member, ""));
        let key = key.trim();
        let key = match key.strip_prefix('"').and_then(|k| k.strip_suffix('"')) {
            Some(k) if k.chars().all(|c| c.is_ascii_alphanumeric() || c == '_') => k,
            _ => key,
        };
        members.push((docs, key.to_string(), type_expr(ty, &inner_indent)));
    }
    if members.is_empty() {
        return "{}".into();
    }
    let one_line: Vec<String> = members
        .iter()
        .map(|(_, k, t)| format!("{k}: {t}"))
        .collect();
    if members
        .iter()
        .all(|(d, _, t)| d.is_empty() && !t.contains('\n'))
        && one_line.join("; ").len() < 70
    {
        return format!("{{ {} }}", one_line.join("; "));
    }
    let mut out = String::from("{\n");
    for (docs, key, ty) in &members {
        for doc in docs {
            out += &format!("{inner_indent}/** {doc} */\n");
        }
        out += &format!("{inner_indent}{key}: {ty};\n");
    }
    out + indent + "}"
}

/// The unions of the families `wanted` picks, in the catalogue's order.
fn error_codes(wanted: impl Fn(&str) -> bool) -> String {
    let catalogue = tabeq_surface::trust::error_catalogue();
    let mut out = String::new();
    for (family, type_name, comment) in FAMILIES.iter().filter(|f| wanted(f.0)) {
        let codes: Vec<_> = catalogue.iter().filter(|e| e.family == *family).collect();
        out += &format!("\n/** {comment} */\nexport type {type_name} =\n");
        for (i, entry) in codes.iter().enumerate() {
            let end = if i + 1 == codes.len() { ";" } else { "" };
            out += &format!("  | \"{}\"{end}\n", entry.code);
        }
    }
    out
}

/// The Spider 2.0 module's code type: the catalogue's `spider2` family (declared once, in
/// `tabeq.d.ts`), which must be exactly the profile's codes (`tabeq_surface::spider2::CODES`).
fn spider2_codes() -> String {
    let catalogue = tabeq_surface::trust::error_catalogue();
    let family = catalogue.iter().filter(|e| e.family == "spider2");
    let profile = tabeq_surface::spider2::CODES.iter().map(|(code, _)| *code);
    assert!(
        family.map(|e| e.code).eq(profile),
        "the catalogue's spider2 family is not tabeq_surface::spider2::CODES"
    );
    "\n/** Every code of the Spider 2.0 profile: CSVs that do not read, a bad condition_cols, warnings. */\nexport type Spider2Code = Spider2ErrorCode;\n".to_string()
}

/// `text` with every generated block rewritten, or an error naming an unknown or unclosed block.
fn regenerate(text: &str) -> Result<String, String> {
    const OPEN: &str = "// <generated: ";
    let mut out = String::new();
    let mut rest = text;
    while let Some(start) = rest.find(OPEN) {
        let line_end = rest[start..]
            .find('\n')
            .map_or(rest.len(), |i| start + i + 1);
        let name = rest[start + OPEN.len()..line_end]
            .trim_end()
            .trim_end_matches('>');
        let close = format!("// </generated: {name}>");
        let end = rest[line_end..]
            .find(&close)
            .ok_or(format!("block {name} is not closed by {close}"))?;
        let body = block(name).ok_or(format!("unknown block {name}"))?;
        out += &rest[..line_end];
        out += &body;
        out += &close;
        rest = &rest[line_end + end + close.len()..];
    }
    out += rest;
    Ok(out)
}

fn main() -> ExitCode {
    let mut status = ExitCode::SUCCESS;
    for path in std::env::args().skip(1) {
        let result = fs::read_to_string(&path)
            .map_err(|e| e.to_string())
            .and_then(|text| regenerate(&text).map(|new| (text, new)))
            .and_then(|(old, new)| {
                if old != new {
                    fs::write(&path, new).map_err(|e| e.to_string())?;
                    eprintln!("declarations: rewrote {path}");
                }
                Ok(())
            });
        if let Err(e) = result {
            eprintln!("declarations: {path}: {e}");
            status = ExitCode::FAILURE;
        }
    }
    status
}

/// The functions and classes of the WebAssembly modules, read from this crate's sources.
mod exports {
    use std::collections::BTreeMap;
    use std::fs;

    use syn::punctuated::Punctuated;
    use syn::{Attribute, Expr, FnArg, ImplItem, Item, Lit, Meta, Pat, ReturnType, Token, Type};

    /// The module (and declaration file) an export belongs to.
    #[derive(Debug, Clone, Copy, PartialEq, Eq)]
    pub enum Module {
        /// `tabeq.d.ts`: the score, explain and submission modules behind the entry.
        Evaluator,
        /// `tabeq_trust.d.ts`.
        Trust,
        /// `tabeq_spider2.d.ts`.
        Spider2,
        /// `tabeq_kddcup.d.ts`.
        Kddcup,
    }

    /// Source files whose exports are in a module of their own (every other file: the evaluator).
    const MODULE_FILES: &[(&str, Module)] = &[
        ("trust.rs", Module::Trust),
        ("spider2.rs", Module::Spider2),
        ("kddcup.rs", Module::Kddcup),
    ];

    /// A class whose methods the package's entry grafts onto another class (`js/credit-gold.js`).
    const GRAFTED: (&str, &str) = ("CreditGold", "Gold");

    /// The arguments of an item's `#[wasm_bindgen(...)]` attributes; `None` without one.
    fn wasm_bindgen(attrs: &[Attribute]) -> Option<Vec<Meta>> {
        let mut found = None;
        for attr in attrs.iter().filter(|a| a.path().is_ident("wasm_bindgen")) {
            let args: &mut Vec<Meta> = found.get_or_insert_with(Vec::new);
            if let Meta::List(_) = attr.meta {
                let parsed = attr.parse_args_with(Punctuated::<Meta, Token![,]>::parse_terminated);
                args.extend(parsed.expect("a #[wasm_bindgen] attribute that parses"));
            }
        }
        found
    }

    /// The value of `name = value` (a string or an identifier) among `metas`.
    fn arg(metas: &[Meta], name: &str) -> Option<String> {
        metas.iter().find_map(|m| match m {
            Meta::NameValue(nv) if nv.path.is_ident(name) => match &nv.value {
                Expr::Lit(lit) => match &lit.lit {
                    Lit::Str(s) => Some(s.value()),
                    _ => None,
                },
                Expr::Path(p) => p.path.get_ident().map(|i| i.to_string()),
                _ => None,
            },
            _ => None,
        })
    }

    fn flag(metas: &[Meta], name: &str) -> bool {
        metas.iter().any(|m| m.path().is_ident(name))
    }

    /// The first paragraph of the doc comment, on one line.
    fn docs(attrs: &[Attribute]) -> String {
        let lines: Vec<String> = attrs
            .iter()
            .filter_map(|a| match &a.meta {
                Meta::NameValue(nv) if nv.path.is_ident("doc") => match &nv.value {
                    Expr::Lit(lit) => match &lit.lit {
                        Lit::Str(s) => Some(s.value().trim().to_string()),
                        _ => None,
                    },
                    _ => None,
                },
                _ => None,
            })
            .skip_while(|l| l.is_empty())
            .take_while(|l| !l.is_empty())
            .collect();
        lines.join(" ")
    }

    /// Whether a `#[cfg(...)]` leaves the item out of the trust module.
    fn not_in_trust(attrs: &[Attribute]) -> bool {
        attrs.iter().any(|a| match &a.meta {
            Meta::List(list) if a.path().is_ident("cfg") => {
                let text: String = list.tokens.to_string().split_whitespace().collect();
                text.contains("not(feature=\"trust\")")
            }
            _ => false,
        })
    }

    fn camel_case(name: &str) -> String {
        let mut out = String::new();
        for (i, part) in name.split('_').enumerate() {
            let mut chars = part.chars();
            match chars.next() {
                Some(c) if i > 0 => out.extend(c.to_uppercase().chain(chars)),
                _ => out += part,
            }
        }
        out
    }

    /// The TypeScript type wasm-bindgen gives a Rust type (`classes`: Rust struct to class name).
    fn ts_type(ty: &Type, classes: &BTreeMap<String, String>) -> String {
        match ty {
            Type::Reference(r) => ts_type(&r.elem, classes),
            Type::Tuple(t) if t.elems.is_empty() => "void".into(),
            Type::Path(p) => {
                let Some(last) = p.path.segments.last() else {
                    return "any".into();
                };
                let inner = || match &last.arguments {
                    syn::PathArguments::AngleBracketed(a) => a.args.iter().find_map(|g| match g {
                        syn::GenericArgument::Type(t) => Some(t),
                        _ => None,
                    }),
                    _ => None,
                };
                let name = last.ident.to_string();
                match name.as_str() {
                    "String" | "str" => "string".into(),
                    "bool" => "boolean".into(),
                    "usize" | "u8" | "u16" | "u32" | "i32" | "f32" | "f64" => "number".into(),
                    "Result" => inner().map_or("any".into(), |t| ts_type(t, classes)),
                    "Option" => inner().map_or("any".into(), |t| {
                        format!("{} | undefined", ts_type(t, classes))
                    }),
                    "Vec" => match inner().map(|t| ts_type(t, classes)) {
                        Some(t) if t == "number" => "Float64Array".into(),
                        Some(t) => format!("{t}[]"),
                        None => "any[]".into(),
                    },
                    _ => classes.get(&name).cloned().unwrap_or_else(|| "any".into()),
                }
            }
            _ => "any".into(),
        }
    }

    /// `name(params): return` of a function or method (`: return` left out for a constructor).
    fn signature(
        name: &str,
        sig: &syn::Signature,
        metas: &[Meta],
        classes: &BTreeMap<String, String>,
        constructor: bool,
    ) -> String {
        let mut params: Vec<(String, String)> = sig
            .inputs
            .iter()
            .filter_map(|input| match input {
                FnArg::Receiver(_) => None,
                FnArg::Typed(pt) => {
                    let name = match &*pt.pat {
                        Pat::Ident(i) => camel_case(&i.ident.to_string()),
                        _ => "arg".into(),
                    };
                    let metas = wasm_bindgen(&pt.attrs).unwrap_or_default();
                    let ty = arg(&metas, "unchecked_param_type")
                        .unwrap_or_else(|| ts_type(&pt.ty, classes));
                    Some((name, ty))
                }
            })
            .collect();
        // Trailing parameters that may be undefined may be left out.
        for (name, ty) in params.iter_mut().rev() {
            match ty.strip_suffix(" | undefined") {
                Some(t) => {
                    *ty = t.to_string();
                    name.push('?');
                }
                None => break,
            }
        }
        let params: Vec<String> = params.iter().map(|(n, t)| format!("{n}: {t}")).collect();
        let params = params.join(", ");
        if constructor {
            return format!("constructor({params})");
        }
        let ret = arg(metas, "unchecked_return_type").unwrap_or_else(|| match &sig.output {
            ReturnType::Default => "void".into(),
            ReturnType::Type(_, ty) => ts_type(ty, classes),
        });
        format!("{name}({params}): {ret}")
    }

    fn with_docs(docs: &str, indent: &str, line: &str) -> String {
        match docs {
            "" => format!("{indent}{line}\n"),
            d => format!("{indent}/** {d} */\n{indent}{line}\n"),
        }
    }

    /// The declarations of `module`'s exports, in source order (`lib.rs`, then by file name).
    pub fn declarations(module: Module) -> String {
        let dir = concat!(env!("CARGO_MANIFEST_DIR"), "/src");
        let mut files: Vec<String> = fs::read_dir(dir)
            .expect("the crate's sources")
            .filter_map(|e| e.ok()?.file_name().into_string().ok())
            .filter(|n| n.ends_with(".rs"))
            .collect();
        files.sort_by_key(|n| (n != "lib.rs", n.clone()));
        let parsed: Vec<(String, syn::File)> = files
            .into_iter()
            .map(|n| {
                let text = fs::read_to_string(format!("{dir}/{n}")).expect("a source file");
                let file = syn::parse_file(&text).unwrap_or_else(|e| panic!("{n}: {e}"));
                (n, file)
            })
            .collect();
        // Classes first: a Rust struct's JavaScript name, its docs, and its members.
        let mut classes = BTreeMap::new();
        for (_, file) in &parsed {
            for item in &file.items {
                if let Item::Struct(s) = item {
                    if let Some(metas) = wasm_bindgen(&s.attrs) {
                        let js = arg(&metas, "js_name").unwrap_or_else(|| s.ident.to_string());
                        classes.insert(s.ident.to_string(), js);
                    }
                }
            }
        }
        let mut members: BTreeMap<String, String> = BTreeMap::new();
        for (_, file) in &parsed {
            for item in &file.items {
                let Item::Impl(block) = item else { continue };
                let Some(metas) = wasm_bindgen(&block.attrs) else {
                    continue;
                };
                let Type::Path(self_ty) = &*block.self_ty else {
                    continue;
                };
                let rust = self_ty
                    .path
                    .segments
                    .last()
                    .map(|s| s.ident.to_string())
                    .unwrap_or_default();
                let mut class = arg(&metas, "js_class")
                    .or_else(|| classes.get(&rust).cloned())
                    .unwrap_or(rust);
                let grafted = class == GRAFTED.0;
                if grafted {
                    class = GRAFTED.1.to_string();
                }
                let out = members.entry(class).or_default();
                for item in &block.items {
                    let ImplItem::Fn(f) = item else { continue };
                    if !matches!(f.vis, syn::Visibility::Public(_)) {
                        continue;
                    }
                    let metas = wasm_bindgen(&f.attrs).unwrap_or_default();
                    let constructor = flag(&metas, "constructor");
                    if grafted && constructor {
                        continue;
                    }
                    let name = arg(&metas, "js_name").unwrap_or_else(|| f.sig.ident.to_string());
                    let line = if flag(&metas, "getter") {
                        let ty = arg(&metas, "unchecked_return_type").unwrap_or_else(|| {
                            match &f.sig.output {
                                ReturnType::Default => "void".into(),
                                ReturnType::Type(_, ty) => ts_type(ty, &classes),
                            }
                        });
                        format!("readonly {name}: {ty};")
                    } else {
                        let sig = signature(&name, &f.sig, &metas, &classes, constructor);
                        let is_static = f.sig.receiver().is_none() && !constructor;
                        format!("{}{sig};", if is_static { "static " } else { "" })
                    };
                    let line = with_docs(&docs(&f.attrs), "  ", &line);
                    if constructor {
                        // The constructor first, then free() (every class has it), then the rest.
                        *out = format!("{line}  free(): void;\n{out}");
                    } else {
                        *out += &line;
                    }
                }
            }
        }
        let mut out = String::new();
        for (name, file) in &parsed {
            let home = MODULE_FILES
                .iter()
                .find(|(f, _)| f == name)
                .map_or(Module::Evaluator, |m| m.1);
            for item in &file.items {
                let both = name == "lib.rs";
                // lib.rs's exports are in every module but those a `#[cfg]` leaves out.
                let wanted = |attrs: &[Attribute]| {
                    home == module
                        || (both
                            && match module {
                                Module::Evaluator => true,
                                Module::Trust => !not_in_trust(attrs),
                                Module::Spider2 | Module::Kddcup => {
                                    !attrs.iter().any(|a| a.path().is_ident("cfg"))
                                }
                            })
                };
                match item {
                    Item::Fn(f) if wanted(&f.attrs) => {
                        let Some(metas) = wasm_bindgen(&f.attrs) else {
                            continue;
                        };
                        let js = arg(&metas, "js_name").unwrap_or_else(|| f.sig.ident.to_string());
                        let sig = signature(&js, &f.sig, &metas, &classes, false);
                        out += &with_docs(&docs(&f.attrs), "", &format!("export function {sig};"));
                    }
                    Item::Struct(s) if wanted(&s.attrs) => {
                        let Some(metas) = wasm_bindgen(&s.attrs) else {
                            continue;
                        };
                        let js = arg(&metas, "js_name").unwrap_or_else(|| s.ident.to_string());
                        if js == GRAFTED.0 {
                            continue;
                        }
                        let body = members.get(&js).cloned().unwrap_or_default();
                        out += &with_docs(
                            &docs(&s.attrs),
                            "",
                            &format!("export class {js} {{\n{body}}}"),
                        );
                    }
                    _ => {}
                }
            }
        }
        format!("\n{out}")
    }
}
