//! The layers of every crate under `core/`: each top-level module has a layer, and every
//! `crate::`, `super::` and `self::` path points to a module of its own layer or one below,
//! with no loop. A crate added under `core/` is checked too: its modules fail until they are
//! given a layer here. `docs/design.md` lists the same layers, crate by crate (checked below).
//!
//! This test reads the repository's sources, so the packaged crate leaves it out
//! (`core/Cargo.toml`); it runs in the workspace (`make test-rust`).

use std::collections::{BTreeMap, BTreeSet};
use std::fs;
use std::path::{Path, PathBuf};

/// A layer: its name and its top-level modules.
type Layer = (&'static str, &'static [&'static str]);

/// The layers of each crate, bottom first (a module may import its own layer and those below).
const LAYERS: &[(&str, &[Layer])] = &[
    (
        "tabeq",
        &[
            (
                "text and values",
                &[
                    "chars",
                    "codes",
                    "cpython_json",
                    "doc",
                    "file_problem",
                    "cancel",
                    "parallel",
                    "version",
                ],
            ),
            ("tables", &["csv", "extract", "official_csv"]),
            (
                "rules and canonical values",
                &["config", "isodate", "number", "canon"],
            ),
            (
                "matching and scoring",
                &[
                    "bipartite",
                    "matching",
                    "rule_values",
                    "partial_credit",
                    "hashed_pass",
                    "evaluate",
                ],
            ),
            ("diagnosis", &["gold_free_check", "explain", "fixit"]),
            ("errors for callers", &["error"]),
            ("suites and submissions", &["suite", "submission"]),
            (
                "binding surface",
                &[
                    "file_input",
                    "output",
                    "record",
                    "predictions_folder",
                    "command",
                ],
            ),
        ],
    ),
    (
        "tabeq-trust",
        &[
            ("errors", &["error"]),
            (
                "operators, records and options",
                &["operators", "records", "options", "inspect"],
            ),
            ("statistics and charts", &["stats", "chart"]),
            (
                "groups and checks",
                &["group", "completeness", "compare", "trend"],
            ),
            ("metrics", &["reliability", "robustness", "manifest"]),
            ("reports", &["document", "json", "latex", "report"]),
            ("command line", &["command"]),
        ],
    ),
    (
        "tabeq-spider2",
        &[
            ("pandas reading", &["read"]),
            ("values", &["value", "condition"]),
            ("comparison", &["compare"]),
            ("document and runs", &["explain", "exec"]),
        ],
    ),
    (
        "tabeq-kddcup",
        &[
            ("cells and reading", &["normalize", "read"]),
            ("task scores", &["score", "explain"]),
            ("runs", &["report"]),
        ],
    ),
    (
        "tabeq-sql",
        &[
            ("values", &["error", "value"]),
            ("comparison", &["result_eq", "bird"]),
        ],
    ),
    (
        "tabeq-surface",
        &[
            ("limits", &["limits"]),
            ("profiles", &["profile"]),
            ("command line", &["command"]),
        ],
    ),
    // The fuzz targets' helper crate has no modules of its own.
    ("tabeq-fuzz", &[]),
];

/// Modules that still use items `lib.rs` defines (crate, modules, why). The check fails when a
/// module is missing here or listed but no longer needs to be: the list only shrinks.
const ROOT_USERS: &[(&str, &[&str], &str)] = &[(
    "tabeq-trust",
    &["command", "json", "report"],
    "its lib.rs still holds `Format`, `FileLookup`, `SpearmanReport` and the report entry points",
)];

/// Every crate under `core/`: (name, its `src/` folder).
fn crates(core: &Path) -> Vec<(String, PathBuf)> {
    let mut dirs = vec![core.to_path_buf()];
    let mut subdirs: Vec<PathBuf> = fs::read_dir(core)
        .unwrap()
        .map(|e| e.unwrap().path())
        .filter(|p| p.join("Cargo.toml").is_file())
        .collect();
    subdirs.sort();
    dirs.extend(subdirs);
    dirs.into_iter()
        .filter(|d| d.join("src").is_dir())
        .map(|d| {
            let manifest = fs::read_to_string(d.join("Cargo.toml")).unwrap();
            (package_name(&manifest), d.join("src"))
        })
        .collect()
}

/// The `name` of a manifest's `[package]`.
fn package_name(manifest: &str) -> String {
    let mut in_package = false;
    for line in manifest.lines().map(str::trim) {
        if line.starts_with('[') {
            in_package = line == "[package]";
        } else if let Some(value) = line.strip_prefix("name") {
            let value = value.trim_start();
            if in_package && value.starts_with('=') {
                return value[1..].trim().trim_matches('"').to_string();
            }
        }
    }
    panic!("a manifest without a package name")
}

/// The `.rs` files under `src`, each with its module path (`a/b.rs` and `a/b/mod.rs` are `a::b`).
fn sources(src: &Path) -> Vec<(Vec<String>, String)> {
    fn walk(dir: &Path, out: &mut Vec<PathBuf>) {
        for entry in fs::read_dir(dir).unwrap() {
            let path = entry.unwrap().path();
            if path.is_dir() {
                walk(&path, out);
            } else if path.extension().is_some_and(|e| e == "rs") {
                out.push(path);
            }
        }
    }
    let mut files = Vec::new();
    walk(src, &mut files);
    files.sort();
    files
        .into_iter()
        .map(|file| {
            let rel = file.strip_prefix(src).unwrap().with_extension("");
            let mut path: Vec<String> = rel
                .components()
                .map(|c| c.as_os_str().to_string_lossy().into_owned())
                .collect();
            if matches!(
                path.last().map(String::as_str),
                Some("mod" | "lib" | "main")
            ) {
                path.pop();
            }
            (path, fs::read_to_string(&file).unwrap())
        })
        .collect()
}

/// The code of a Rust file with comments, strings and character literals blanked out.
fn code_only(text: &str) -> String {
    let chars: Vec<char> = text.chars().collect();
    let mut out = String::with_capacity(text.len());
    let mut i = 0;
    let at = |i: usize| chars.get(i).copied().unwrap_or('\0');
    while i < chars.len() {
        let c = chars[i];
        if c == '/' && at(i + 1) == '/' {
            while i < chars.len() && chars[i] != '\n' {
                i += 1;
            }
        } else if c == '/' && at(i + 1) == '*' {
            let mut depth = 0;
            loop {
                if at(i) == '/' && at(i + 1) == '*' {
                    depth += 1;
                    i += 2;
                } else if at(i) == '*' && at(i + 1) == '/' {
                    depth -= 1;
                    i += 2;
                    if depth == 0 {
                        break;
                    }
                } else if i >= chars.len() {
                    break;
                } else {
                    i += 1;
                }
            }
            out.push(' ');
        } else if c == 'r' && (at(i + 1) == '"' || (at(i + 1) == '#' && at(i + 2) != '[')) && {
            let prev = if i == 0 { ' ' } else { chars[i - 1] };
            !(prev.is_alphanumeric() || prev == '_') || prev == 'b'
        } {
            // A raw string: r"…", r#"…"#.
            let mut j = i + 1;
            let mut hashes = 0;
            while at(j) == '#' {
                hashes += 1;
                j += 1;
            }
            if at(j) != '"' {
                out.push(c);
                i += 1;
                continue;
            }
            j += 1;
            loop {
                if j >= chars.len() {
                    break;
                }
                if chars[j] == '"' && (1..=hashes).all(|k| at(j + k) == '#') {
                    j += 1 + hashes;
                    break;
                }
                j += 1;
            }
            out.push_str("\"\"");
            i = j;
        } else if c == '"' {
            i += 1;
            while i < chars.len() && chars[i] != '"' {
                i += if chars[i] == '\\' { 2 } else { 1 };
            }
            i += 1;
            out.push_str("\"\"");
        } else if c == '\'' {
            // A character literal ('x', '\n', '\u{…}') or a lifetime ('a).
            if at(i + 1) == '\\' {
                // The escaped character itself may be a quote ('\'').
                let mut j = i + 3;
                while j < chars.len() && chars[j] != '\'' {
                    j += 1;
                }
                i = j + 1;
                out.push_str("' '");
            } else if at(i + 2) == '\'' {
                i += 3;
                out.push_str("' '");
            } else {
                out.push(c);
                i += 1;
            }
        } else {
            out.push(c);
            i += 1;
        }
    }
    out
}

fn is_ident_char(c: char) -> bool {
    c.is_alphanumeric() || c == '_'
}

/// The crate root's own items: what `lib.rs` defines rather than re-exports.
const ROOT: &str = "lib.rs";

/// The top-level modules named by the paths of one file (module path `here`), resolved with
/// the names `lib.rs` re-exports (`aliases`: name → module); a name `lib.rs` defines itself
/// (`root_items`) is [`ROOT`], except in a module's unit tests (`mod tests`), which may test
/// through the crate root.
fn imports(
    here: &[String],
    text: &str,
    aliases: &BTreeMap<String, String>,
    root_items: &BTreeSet<String>,
) -> BTreeSet<String> {
    let code: Vec<char> = code_only(text).chars().collect();
    let mut found = BTreeSet::new();
    // Inline modules (`mod tests { … }`): (name, brace depth inside it).
    let mut inline: Vec<(String, usize)> = Vec::new();
    let mut depth = 0usize;
    let mut i = 0;
    let word_at = |i: usize| -> String {
        code[i..]
            .iter()
            .take_while(|c| is_ident_char(**c))
            .collect()
    };
    let skip_space = |mut i: usize| {
        while i < code.len() && code[i].is_whitespace() {
            i += 1;
        }
        i
    };
    while i < code.len() {
        let c = code[i];
        if c == '{' {
            depth += 1;
            i += 1;
            continue;
        }
        if c == '}' {
            if inline.last().is_some_and(|(_, d)| *d == depth) {
                inline.pop();
            }
            depth = depth.saturating_sub(1);
            i += 1;
            continue;
        }
        let starts_word = is_ident_char(c) && (i == 0 || !is_ident_char(code[i - 1]));
        if !starts_word {
            i += 1;
            continue;
        }
        let word = word_at(i);
        let after = i + word.chars().count();
        if word == "mod" {
            let name_at = skip_space(after);
            let name = word_at(name_at);
            let brace = skip_space(name_at + name.chars().count());
            if !name.is_empty() && code.get(brace) == Some(&'{') {
                inline.push((name, depth + 1));
                depth += 1;
                i = brace + 1;
                continue;
            }
        }
        if !matches!(word.as_str(), "crate" | "self" | "super") || code[..i].ends_with(&['.']) {
            i = after;
            continue;
        }
        // The anchor and any `super::` after it (`a/b.rs` is module `a::b`, its `super` `a`).
        let mut module: Vec<String> = here.to_vec();
        module.extend(inline.iter().map(|(n, _)| n.clone()));
        let mut base: Vec<String> = match word.as_str() {
            "crate" => Vec::new(),
            "self" => module.clone(),
            _ => {
                let mut m = module.clone();
                m.pop();
                m
            }
        };
        let mut j = after;
        loop {
            if !(code.get(j) == Some(&':') && code.get(j + 1) == Some(&':')) {
                break;
            }
            let k = skip_space(j + 2);
            if word_at(k) == "super" {
                base.pop();
                j = k + 5;
            } else {
                break;
            }
        }
        if !(code.get(j) == Some(&':') && code.get(j + 1) == Some(&':')) {
            i = after;
            continue;
        }
        let k = skip_space(j + 2);
        let firsts: Vec<String> = if code.get(k) == Some(&'{') {
            // A group: the first name of each item at its top level.
            let (mut level, mut m, mut item_start) = (0, k + 1, true);
            let mut names = Vec::new();
            while m < code.len() {
                match code[m] {
                    '{' => level += 1,
                    '}' if level == 0 => break,
                    '}' => level -= 1,
                    ',' if level == 0 => item_start = true,
                    c if item_start && is_ident_char(c) => {
                        names.push(word_at(m));
                        item_start = false;
                    }
                    _ => {}
                }
                m += 1;
            }
            names
        } else {
            vec![word_at(k)]
        };
        for first in firsts.into_iter().filter(|f| !f.is_empty()) {
            let top = if base.is_empty() {
                if first == "self" {
                    continue;
                }
                if root_items.contains(&first) && !aliases.contains_key(&first) {
                    if inline.iter().any(|(n, _)| n == "tests") {
                        continue;
                    }
                    found.insert(ROOT.to_string());
                    continue;
                }
                aliases.get(&first).cloned().unwrap_or(first)
            } else {
                base[0].clone()
            };
            found.insert(top);
        }
        i = after;
    }
    found
}

/// What `lib.rs` re-exports: each re-exported name or alias → the module it comes from.
fn root_aliases(lib: &str) -> BTreeMap<String, String> {
    let code = code_only(lib);
    let mut out = BTreeMap::new();
    for statement in code.split(';') {
        let s = statement.trim();
        let Some(rest) = s
            .strip_prefix("pub use ")
            .or_else(|| s.split_once("pub use ").map(|(_, r)| r))
        else {
            continue;
        };
        let rest = rest.trim();
        let module: String = rest.chars().take_while(|c| is_ident_char(*c)).collect();
        let tail = rest[module.len()..].trim();
        if let Some(alias) = tail.strip_prefix("as ") {
            out.insert(alias.trim().to_string(), module);
        } else if let Some(names) = tail.strip_prefix("::") {
            let names = names.trim().trim_start_matches('{').trim_end_matches('}');
            for name in names.split(',') {
                let shown = name.rsplit(" as ").next().unwrap_or(name);
                let shown = shown.rsplit("::").next().unwrap_or(shown).trim();
                if !shown.is_empty() && shown != "self" {
                    out.insert(shown.to_string(), module.clone());
                }
            }
        }
    }
    out
}

/// The names of the items `lib.rs` defines at its top level (`fn`, `const`, `struct`, ...).
fn root_items(lib: &str) -> BTreeSet<String> {
    let code: Vec<char> = code_only(lib).chars().collect();
    let (mut depth, mut i, mut out) = (0usize, 0, BTreeSet::new());
    let mut previous = String::new();
    while i < code.len() {
        let c = code[i];
        if c == '{' {
            depth += 1;
        } else if c == '}' {
            depth = depth.saturating_sub(1);
        }
        if !is_ident_char(c) || (i > 0 && is_ident_char(code[i - 1])) {
            i += 1;
            continue;
        }
        let word: String = code[i..]
            .iter()
            .take_while(|c| is_ident_char(**c))
            .collect();
        i += word.chars().count();
        let kinds = [
            "fn", "const", "static", "struct", "enum", "trait", "type", "union",
        ];
        if depth == 0 && kinds.contains(&previous.as_str()) {
            out.insert(word.clone());
        }
        previous = word;
    }
    out
}

/// The module graph of a crate: top-level module → modules it imports (itself excluded), and
/// [`ROOT`] for a module that uses a name `lib.rs` defines.
fn graph(files: &[(Vec<String>, String)]) -> BTreeMap<String, BTreeSet<String>> {
    let lib = files
        .iter()
        .find(|(p, _)| p.is_empty())
        .map_or("", |(_, t)| t);
    let aliases = root_aliases(lib);
    let root_items = root_items(lib);
    let modules: BTreeSet<String> = files
        .iter()
        .filter_map(|(p, _)| p.first().cloned())
        .collect();
    let mut out: BTreeMap<String, BTreeSet<String>> = modules
        .iter()
        .map(|m| (m.clone(), BTreeSet::new()))
        .collect();
    for (path, text) in files {
        let Some(here) = path.first() else {
            continue;
        };
        for there in imports(path, text, &aliases, &root_items) {
            if &there != here && (modules.contains(&there) || there == ROOT) {
                out.get_mut(here).unwrap().insert(there);
            }
        }
    }
    out
}

/// Everything wrong with a crate's module graph under its layers (empty when layered).
fn problems(crate_name: &str, files: &[(Vec<String>, String)], layers: &[Layer]) -> Vec<String> {
    let graph = graph(files);
    let mut layer_of = BTreeMap::new();
    for (n, (_, modules)) in layers.iter().enumerate() {
        for m in *modules {
            layer_of.insert(m.to_string(), n);
        }
    }
    let mut out = Vec::new();
    for module in graph.keys() {
        if !layer_of.contains_key(module) {
            out.push(format!(
                "{crate_name}: module `{module}` has no layer (add it to LAYERS in core/tests/layers.rs)"
            ));
        }
    }
    for module in layer_of.keys() {
        if !graph.contains_key(module) {
            out.push(format!(
                "{crate_name}: LAYERS names `{module}`, which is not a module"
            ));
        }
    }
    for (from, tos) in &graph {
        for to in tos {
            if to == ROOT {
                out.push(format!(
                    "{crate_name}: `{from}` uses a name defined in lib.rs, the crate root above every layer (define it in a module and re-export it)"
                ));
                continue;
            }
            if let (Some(&a), Some(&b)) = (layer_of.get(from), layer_of.get(to)) {
                if b > a {
                    out.push(format!(
                        "{crate_name}: `{from}` ({}) imports `{to}` ({}), a layer above it",
                        layers[a].0, layers[b].0
                    ));
                }
            }
        }
    }
    for cycle in loops(&graph) {
        out.push(format!(
            "{crate_name}: modules import each other in a loop: {}",
            cycle.join(" -> ")
        ));
    }
    out
}

/// One cycle through each group of modules that import each other (empty when acyclic).
fn loops(graph: &BTreeMap<String, BTreeSet<String>>) -> Vec<Vec<String>> {
    // Depth-first search; a back edge closes a cycle.
    fn visit(
        node: &str,
        graph: &BTreeMap<String, BTreeSet<String>>,
        state: &mut BTreeMap<String, u8>,
        stack: &mut Vec<String>,
        out: &mut Vec<Vec<String>>,
    ) {
        state.insert(node.to_string(), 1);
        stack.push(node.to_string());
        for next in &graph[node] {
            match state.get(next.as_str()).copied().unwrap_or(0) {
                0 if graph.contains_key(next) => visit(next, graph, state, stack, out),
                1 => {
                    let start = stack.iter().position(|m| m == next).unwrap();
                    let mut cycle = stack[start..].to_vec();
                    cycle.push(next.clone());
                    out.push(cycle);
                }
                _ => {}
            }
        }
        stack.pop();
        state.insert(node.to_string(), 2);
    }
    let (mut state, mut stack, mut out) = (BTreeMap::new(), Vec::new(), Vec::new());
    for node in graph.keys() {
        if !state.contains_key(node.as_str()) {
            visit(node, graph, &mut state, &mut stack, &mut out);
        }
    }
    out
}

fn core_dir() -> PathBuf {
    PathBuf::from(env!("CARGO_MANIFEST_DIR"))
}

#[test]
fn every_crate_under_core_is_layered_with_imports_pointing_down() {
    let crates = crates(&core_dir());
    assert!(crates.iter().any(|(name, _)| name == "tabeq"));
    let mut all = Vec::new();
    for (name, src) in &crates {
        let layers = LAYERS
            .iter()
            .find(|(n, _)| n == name)
            .map_or(&[][..], |(_, l)| *l);
        let pending = ROOT_USERS
            .iter()
            .find(|(n, _, _)| n == name)
            .map_or(&[][..], |(_, m, _)| *m);
        let root_use = |p: &String| p.contains(" uses a name defined in lib.rs");
        let found = problems(name, &sources(src), layers);
        for module in pending {
            let listed = format!("{name}: `{module}` uses a name defined in lib.rs");
            if !found.iter().any(|p| p.starts_with(&listed)) {
                all.push(format!(
                    "{name}: ROOT_USERS lists `{module}`, which no longer uses lib.rs: remove it"
                ));
            }
        }
        all.extend(found.into_iter().filter(|p| {
            !(root_use(p)
                && pending
                    .iter()
                    .any(|m| p.starts_with(&format!("{name}: `{m}` "))))
        }));
    }
    assert!(all.is_empty(), "{}", all.join("\n"));
}

#[test]
fn the_binding_crates_have_no_module_loops() {
    // The pyo3 and wasm-bindgen crates read top-down too: no two modules import each other,
    // directly or around a loop (their helpers sit below the modules that use them).
    for binding in ["bindings-py", "bindings-wasm"] {
        let src = core_dir().join("..").join(binding).join("src");
        let files = sources(&src);
        assert!(files.len() > 3, "{binding}: its sources are read");
        let cycles: Vec<String> = loops(&graph(&files))
            .iter()
            .map(|c| c.join(" -> "))
            .collect();
        assert!(
            cycles.is_empty(),
            "{binding}: modules import each other in a loop: {}",
            cycles.join("; ")
        );
    }
}

#[test]
fn design_md_lists_the_layers_of_every_crate() {
    // docs/design.md's "Layers" section has one numbered list per crate with modules, in the
    // order of `LAYERS`, one line per layer, bottom first:
    // `N. **name**: `m1`, `m2` — what they hold` (the modules in any order).
    let design = fs::read_to_string(core_dir().join("../docs/design.md")).unwrap();
    let section = design
        .split("\n## ")
        .find(|s| s.starts_with("Layers"))
        .expect("docs/design.md has a `## Layers` section");
    let mut listed: Vec<Vec<(String, BTreeSet<String>)>> = Vec::new();
    for line in section.lines() {
        let Some((number, rest)) = line.split_once(". ") else {
            continue;
        };
        let Ok(number) = number.parse::<usize>() else {
            continue;
        };
        let Some((name, modules)) = rest.split_once(": ") else {
            continue;
        };
        let modules = modules.split(" — ").next().unwrap_or(modules);
        let modules = modules
            .split(',')
            .map(|m| m.trim().trim_end_matches('.').trim_matches('`').to_string())
            .collect();
        if number == 1 {
            listed.push(Vec::new());
        }
        let list = listed.last_mut().expect("a numbered list starts at 1");
        list.push((name.trim_matches('*').to_string(), modules));
    }
    let expected: Vec<Vec<(String, BTreeSet<String>)>> = LAYERS
        .iter()
        .filter(|(_, layers)| !layers.is_empty())
        .map(|(_, layers)| {
            let layer = |(name, modules): &Layer| {
                let modules = modules.iter().map(|m| m.to_string()).collect();
                (name.to_string(), modules)
            };
            layers.iter().map(layer).collect()
        })
        .collect();
    assert_eq!(listed, expected);
}

/// A crate of `(path, text)` files, for the checks below.
fn fake(files: &[(&str, &str)]) -> Vec<(Vec<String>, String)> {
    files
        .iter()
        .map(|(path, text)| {
            let mut path: Vec<String> = path
                .split('/')
                .filter(|s| !s.is_empty())
                .map(String::from)
                .collect();
            if path.last().is_some_and(|p| p == "mod") {
                path.pop();
            }
            (path, text.to_string())
        })
        .collect()
}

const TWO_LAYERS: &[Layer] = &[("low", &["low"]), ("high", &["high"])];

#[test]
fn a_planted_up_import_fails_in_every_spelling() {
    let lib = "mod low; mod high; pub use high::Top; pub use high as alias;";
    let high = "use crate::low::Thing;";
    for low in [
        "use crate::high::Top;",
        "use crate::{high::Top};",
        "use crate::{other, high};",
        "use super::high::Top;",
        "fn f() { crate::high::go() }",
        "use crate::Top;",
        "use crate::alias::Top;",
        "mod tests { use super::super::high::Top; }",
    ] {
        let files = fake(&[("", lib), ("low", low), ("high", high)]);
        let found = problems("fake", &files, TWO_LAYERS);
        assert!(
            found
                .iter()
                .any(|p| p.contains("`low` (low) imports `high` (high)")),
            "{low}: {found:?}"
        );
        assert!(found.iter().any(|p| p.contains("loop")), "{low}: {found:?}");
    }
}

#[test]
fn a_name_defined_in_lib_rs_is_above_every_layer() {
    let lib =
        "mod low; mod high; pub use high::Top; pub const VERSION: &str = \"1\"; fn helper() {}";
    for low in [
        "fn f() -> &'static str { crate::VERSION }",
        "use crate::{helper, Top};",
        "use super::VERSION;",
    ] {
        let files = fake(&[("", lib), ("low", low), ("high", "")]);
        let found = problems("fake", &files, TWO_LAYERS);
        assert!(
            found
                .iter()
                .any(|p| p.contains("`low` uses a name defined in lib.rs")),
            "{low}: {found:?}"
        );
    }
    // A re-exported name is its module's; unit tests may test through the crate root.
    for low in ["use crate::Top as _;", "mod tests { use crate::VERSION; }"] {
        let files = fake(&[("", lib), ("high", low), ("low", "")]);
        assert_eq!(
            problems("fake", &files, TWO_LAYERS),
            Vec::<String>::new(),
            "{low}"
        );
    }
}

#[test]
fn comments_strings_and_own_submodules_are_not_imports() {
    let lib = "mod low; mod high;";
    for low in [
        "// use crate::high::Top;",
        "/* crate::high::Top /* nested */ crate::high */",
        r#"const S: &str = "crate::high::Top"; const C: char = '"'; const D: &str = "x";"#,
        "const R: &str = r#\"crate::high\"#;",
        "mod tests { use super::Thing; use self::inner::X; }",
        "fn f<'a>(x: &'a str) -> &'a str { self.high }",
    ] {
        let files = fake(&[("", lib), ("low", low), ("high", "")]);
        assert_eq!(
            problems("fake", &files, TWO_LAYERS),
            Vec::<String>::new(),
            "{low}"
        );
    }
}

#[test]
fn an_unassigned_module_or_a_loop_in_one_layer_fails() {
    let files = fake(&[
        ("", "mod a; mod b; mod c;"),
        ("a", "use crate::b::X;"),
        ("b/mod", "mod inner;"),
        ("b/inner", "use crate::a::Y;"),
        ("c", ""),
    ]);
    let layers: &[Layer] = &[("one", &["a", "b"])];
    let found = problems("fake", &files, layers);
    assert!(
        found.iter().any(|p| p.contains("`c` has no layer")),
        "{found:?}"
    );
    assert!(
        found.iter().any(|p| p.contains("loop: a -> b -> a")),
        "{found:?}"
    );
    let stale: &[Layer] = &[("one", &["a", "b", "c", "gone"])];
    let found = problems("fake", &files, stale);
    assert!(found
        .iter()
        .any(|p| p.contains("`gone`, which is not a module")));
}
