//! The one door: both binding crates depend on `tabeq-surface` and on no other core crate, in
//! their manifests and in their sources (`src/`, `examples/`), so every scoring, explaining,
//! validating and profile call goes through this crate. `scripts/one-door-paths.sh` rewrites a
//! binding's paths (`tabeq::` to `tabeq_surface::evaluator::`, ...) when a change brings one back.

use std::fs;
use std::path::{Path, PathBuf};

/// The core crates below the surface, as a manifest and as a path name them.
const BELOW: &[(&str, &str)] = &[
    ("tabeq", "tabeq"),
    ("tabeq-trust", "tabeq_trust"),
    ("tabeq-spider2", "tabeq_spider2"),
    ("tabeq-kddcup", "tabeq_kddcup"),
    ("tabeq-sql", "tabeq_sql"),
];

fn is_ident(c: char) -> bool {
    c.is_alphanumeric() || c == '_'
}

/// The manifest lines that name a core crate other than the surface (a dependency key, a
/// feature's `crate/feature` or `dep:crate`).
fn manifest_problems(manifest: &str) -> Vec<String> {
    let mut found = Vec::new();
    for line in manifest.lines() {
        let code = line.split('#').next().unwrap_or("");
        for (package, _) in BELOW {
            let key = code.trim_start().strip_prefix(package).is_some_and(|rest| {
                let rest = rest.trim_start();
                rest.starts_with('=') || rest.starts_with('.')
            });
            let named = [
                format!("\"{package}/"),
                format!("\"{package}?/"),
                format!("\"dep:{package}\""),
            ];
            if key || named.iter().any(|n| code.contains(n.as_str())) {
                found.push(format!("names {package}: {}", line.trim()));
            }
        }
    }
    found
}

/// The lines of a Rust file that name a core crate other than the surface as a path
/// (`tabeq::x`, `use tabeq_kddcup as k;`, `tabeq_sql::{...}`), comments and strings included.
fn source_problems(text: &str) -> Vec<String> {
    let mut found = Vec::new();
    for (number, line) in text.lines().enumerate() {
        for (_, path) in BELOW {
            let mut start = 0;
            while let Some(at) = line[start..].find(path).map(|i| i + start) {
                start = at + path.len();
                let before = line[..at].chars().next_back();
                let rest = &line[at + path.len()..];
                let standalone = !before.is_some_and(|c| is_ident(c) || c == '.');
                let as_path = rest.starts_with("::")
                    || rest.starts_with(" as ")
                    || (rest.starts_with(';') && line.trim_start().starts_with("use "));
                if standalone && as_path {
                    found.push(format!("line {}: {}", number + 1, line.trim()));
                }
            }
        }
    }
    found
}

fn rust_files(dir: &Path, out: &mut Vec<PathBuf>) {
    let Ok(entries) = fs::read_dir(dir) else {
        return;
    };
    for entry in entries {
        let path = entry.unwrap().path();
        if path.is_dir() {
            rust_files(&path, out);
        } else if path.extension().is_some_and(|e| e == "rs") {
            out.push(path);
        }
    }
}

#[test]
fn both_bindings_name_no_core_crate_but_the_surface() {
    let root = PathBuf::from(env!("CARGO_MANIFEST_DIR")).join("../..");
    let mut problems = Vec::new();
    for binding in ["bindings-py", "bindings-wasm"] {
        let manifest = fs::read_to_string(root.join(binding).join("Cargo.toml")).unwrap();
        assert!(
            manifest.contains("tabeq-surface = { path = \"../core/surface\""),
            "{binding} depends on the surface"
        );
        for problem in manifest_problems(&manifest) {
            problems.push(format!("{binding}/Cargo.toml {problem}"));
        }
        let mut files = Vec::new();
        for dir in ["src", "examples", "tests", "benches"] {
            rust_files(&root.join(binding).join(dir), &mut files);
        }
        assert!(files.len() > 5, "{binding}: its sources are read");
        for file in files {
            let text = fs::read_to_string(&file).unwrap();
            for problem in source_problems(&text) {
                let shown = file.strip_prefix(&root).unwrap_or(&file).display();
                problems.push(format!("{shown} {problem}"));
            }
        }
    }
    assert!(
        problems.is_empty(),
        "the bindings reach a core crate around the surface (run scripts/one-door-paths.sh):\n{}",
        problems.join("\n")
    );
}

#[test]
fn the_check_finds_every_spelling() {
    let manifest = "[dependencies]\ntabeq = { path = \"../core\" }\ntabeq-surface = { path = \"../core/surface\" }\n\
        [features]\nts = [\"tabeq-kddcup/ts\", \"tabeq-surface/ts\"]\nx = [\"dep:tabeq-sql\"]\n# tabeq = old\n";
    assert_eq!(manifest_problems(manifest).len(), 3);
    let source = "use tabeq::csv;\nuse tabeq_kddcup as kdd;\nlet x = tabeq_sql::result_eq;\nuse tabeq_trust;\n\
        use tabeq_surface::evaluator::csv;\nlet m = \"tabeq_spider2.d.ts\"; // the _tabeq::x module\n";
    let found = source_problems(source);
    assert_eq!(found.len(), 4, "{found:?}");
    assert!(found[0].starts_with("line 1:"));
}
