//! An example's command-line arguments and input files.

/// The command-line arguments after the program name; prints `usage` and exits with status 2
/// when fewer than `required` are given.
pub fn args(usage: &str, required: usize) -> Vec<String> {
    let args: Vec<String> = std::env::args().skip(1).collect();
    if args.len() < required {
        eprintln!("usage: {usage}");
        std::process::exit(2);
    }
    args
}

/// The bytes of the file at `path`; panics with the path and the error.
pub fn read(path: &str) -> Vec<u8> {
    std::fs::read(path).unwrap_or_else(|e| panic!("cannot read {path}: {e}"))
}
