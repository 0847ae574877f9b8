//! The interactive prompt: rustyline for editing, history and completion
//! (`completion.rs`), CPython's rules for when a block is complete and how errors look
//! (`input.rs`), and pynum's `%` commands for watching code move through the tiers
//! (`commands.rs`).
//!
//! Assumes `site` was imported when `exit()`/`quit()` are expected to exist; Ctrl-D
//! leaves in every case. Everything typed runs in `scope` (the `__main__` namespace).

mod commands;
mod completion;
mod input;

use rustpython_vm::{scope::Scope, PyResult, VirtualMachine};
use rustyline::{error::ReadlineError, history::DefaultHistory, Editor};

const HISTORY_FILE: &str = ".pynum_history";

/// How the prompt starts: what `run.rs` knows from the command line.
pub struct ReplOptions {
    /// `-q`: no banner.
    pub quiet: bool,
    /// Automatic mode for what is typed (`%jit off` turns it off for what follows).
    pub jit: bool,
    /// `PYTHONSTARTUP`'s file, run before the first prompt (only for a prompt with no
    /// program before it, and not under `-E`/`-I`: `run.rs` decides).
    pub startup: Option<std::path::PathBuf>,
}

/// Reads, compiles and runs statements until Ctrl-D or `SystemExit`.
pub fn run(vm: &VirtualMachine, scope: Scope, options: ReplOptions) -> PyResult<()> {
    let interactive = std::io::IsTerminal::is_terminal(&std::io::stdin());
    if !options.quiet && interactive {
        eprintln!("pynum {} (Python 3.14 semantics on rustpython-vm 0.6)", env!("CARGO_PKG_VERSION"));
        eprintln!("Type \"help\", \"copyright\", \"credits\" or \"license\" for more information.");
    }
    crate::cpython_fidelity::plain_tracebacks(vm);
    if let Some(path) = &options.startup {
        input::run_startup_file(vm, &scope, path);
    }
    let config =
        rustyline::Config::builder().completion_type(rustyline::CompletionType::List).auto_add_history(false).build();
    let mut editor: Editor<completion::PromptHelper<'_>, DefaultHistory> = match Editor::with_config(config) {
        Ok(editor) => editor,
        Err(err) => return Err(vm.new_os_error(format!("cannot start the line editor: {err}"))),
    };
    editor.set_helper(Some(completion::PromptHelper::new(vm, scope.clone())));
    let history = std::env::var_os("HOME").map(|home| std::path::Path::new(&home).join(HISTORY_FILE));
    if let Some(history) = &history {
        let _ = editor.load_history(history);
    }
    let mut session = input::Session::new(vm, scope.clone(), options.jit)?;
    let outcome = loop {
        crate::streams::flush_streams(vm, &["stdout", "stderr"]);
        let prompt = input::prompt(vm, if session.in_block() { "ps2" } else { "ps1" });
        let line = match editor.readline(&prompt) {
            Ok(line) => line,
            Err(ReadlineError::Interrupted) => {
                // CPython: a new line, `KeyboardInterrupt`, and the block typed so far
                // is dropped.
                eprintln!("\nKeyboardInterrupt");
                session.abandon_block();
                continue;
            }
            Err(ReadlineError::Eof) => {
                if interactive {
                    eprintln!();
                }
                break Ok(());
            }
            Err(err) => break Err(vm.new_os_error(format!("cannot read input: {err}"))),
        };
        if !session.in_block() {
            if let Some(command) = commands::parse(&line) {
                let _ = editor.add_history_entry(line.as_str());
                commands::run(vm, &scope, &mut session, command);
                continue;
            }
        }
        match session.feed(&line) {
            input::Fed::More => {}
            input::Fed::Ran { source, exit } => {
                let _ = editor.add_history_entry(source.as_str());
                if let Some(exit) = exit {
                    break Err(exit);
                }
            }
        }
    };
    if let Some(history) = &history {
        let _ = editor.save_history(history);
    }
    outcome
}
