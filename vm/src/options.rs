//! What the command line (or an embedder) decides about the interpreter before it exists:
//! a plain value, so the command line (`cli.rs`) can fill it without knowing how the
//! interpreter is built (`interpreter.rs` turns it into rustpython's `Settings`).
//!
//! Assumes CPython's defaults for anything not set.

/// What the command line (or an embedder) decides about the interpreter before it exists.
#[derive(Debug, Clone)]
pub struct InterpreterOptions {
    /// `sys.argv`.
    pub argv: Vec<String>,
    /// `import site` at start-up (`-S` turns it off).
    pub import_site: bool,
    /// `-E`: ignore `PYTHON*` environment variables.
    pub ignore_environment: bool,
    /// `-I`: isolated mode.
    pub isolated: bool,
    /// `-s`: no user site directory.
    pub no_user_site: bool,
    /// `-u`: unbuffered stdout and stderr.
    pub unbuffered: bool,
    /// `-B`: do not write `.pyc` files.
    pub dont_write_bytecode: bool,
    /// `-O` count.
    pub optimize: u8,
    /// `-q`.
    pub quiet: bool,
    /// `-i`: inspect interactively after running.
    pub inspect: bool,
    /// `-X` options.
    pub xoptions: Vec<(String, Option<String>)>,
    /// `-W` options.
    pub warnoptions: Vec<String>,
}

impl Default for InterpreterOptions {
    fn default() -> Self {
        InterpreterOptions {
            argv: vec![String::new()],
            import_site: true,
            ignore_environment: false,
            isolated: false,
            no_user_site: false,
            unbuffered: false,
            dont_write_bytecode: false,
            optimize: 0,
            quiet: false,
            inspect: false,
            xoptions: Vec::new(),
            warnoptions: Vec::new(),
        }
    }
}
