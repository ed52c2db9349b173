//! The whole `tabeq` command line, assembled here: the evaluator's grammar
//! (`tabeq::command::command_line`) with the commands of every crate above it (`tabeq trust`,
//! `tabeq spider2`, `tabeq kddcup score-run`) and `tabeq profiles`, which lists the registry. A
//! binding parses arguments with it and runs the command each path names.
//!
//! ```
//! let grammar = tabeq_surface::command::command_line();
//! for command in ["\"trust\"", "\"spider2\"", "\"kddcup\"", "\"score-run\"", "\"profiles\""] {
//!     assert!(grammar.contains(command), "{command}");
//! }
//! ```

use tabeq::command::{arg, command, Command};
use tabeq::cpython_json::Out;

use crate::profile::PROFILES;

/// `tabeq profiles`: the registry, as a table for people or as JSON.
///
/// ```
/// let grammar = tabeq_surface::evaluator::command::command_line(vec![tabeq_surface::command::profiles_command()]);
/// assert!(grammar.contains("\"profiles\"") && grammar.contains("\"--json\""));
/// ```
pub fn profiles_command() -> Command {
    command(
        "profiles",
        "list the scoring profiles (name, scorer, spec page)",
        vec![arg("--json", "print the registry as JSON").switch()],
    )
    .described(
        "List every scoring profile tabeq reproduces: its name (the `profile` argument of \
         tabeq.score and of the WebAssembly score), the official scorer, what it scores and its \
         spec page.",
    )
}

/// The output of `tabeq profiles`: one block per profile, or (`json`) the registry as CPython's
/// `json.dumps(indent=2)` writes it, with a final newline.
///
/// ```
/// let text = tabeq_surface::command::profiles_listing(false);
/// assert!(text.starts_with("dataspace\n  DataSpace v1 evaluate.py"));
/// let json = tabeq_surface::command::profiles_listing(true);
/// assert!(json.starts_with("[\n  {\n    \"name\": \"dataspace\","));
/// ```
pub fn profiles_listing(json: bool) -> String {
    if json {
        // Plain strings, numbers and lists: nothing the writer refuses.
        let mut text = tabeq::cpython_json::to_tree(PROFILES).to_pretty();
        text.push('\n');
        return text;
    }
    let mut out = String::new();
    for profile in PROFILES {
        out.push_str(&format!(
            "{}\n  {}: {}\n  spec: {}\n",
            profile.name, profile.title, profile.summary, profile.spec
        ));
    }
    out
}

/// The command line's grammar as JSON (what `tabeq::command::command_line` writes), with every
/// crate's commands.
///
/// ```
/// assert!(tabeq_surface::command::command_line().contains("\"score-run\""));
/// ```
pub fn command_line() -> String {
    tabeq::command::command_line(commands())
}

/// [`command_line`] as its JSON tree, which a binding turns into its own data (no JSON text).
///
/// ```
/// let tree = tabeq_surface::command::command_line_tree();
/// assert_eq!(tree.to_pretty(), tabeq_surface::command::command_line());
/// ```
pub fn command_line_tree() -> Out {
    tabeq::command::command_line_tree(commands())
}

/// The commands of the crates above the evaluator, and `tabeq profiles`.
fn commands() -> Vec<Command> {
    let mut more = vec![tabeq_trust::command::trust()];
    #[cfg(feature = "spider2")]
    more.push(tabeq_spider2::exec::command());
    #[cfg(feature = "kddcup")]
    more.push(tabeq_kddcup::report::command());
    more.push(profiles_command());
    more
}
