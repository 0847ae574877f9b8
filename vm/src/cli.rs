//! The `pynum-run` command line: CPython's option grammar (`[option] ... [-c cmd | -m mod |
//! file | -] [arg] ...`) on top of clap.
//!
//! CPython stops reading interpreter options at the program: everything after `-c CODE`,
//! `-m MOD`, the script or `-`, even `-x`, belongs to `sys.argv`. clap cannot express that
//! cut, so [`split_program`] finds it first, driven by clap's own table of which options
//! take a value; clap then parses the interpreter options alone (help, version and
//! errors with exit code 2 included).

use std::ffi::OsString;

use clap::{CommandFactory, Parser};

use crate::options::InterpreterOptions;

/// Interpreter options; the program and its arguments are split off before clap runs.
#[derive(Debug, Parser)]
#[command(
    name = "pynum-run",
    version = concat!(env!("CARGO_PKG_VERSION"), " (Python ", "3.14 semantics on rustpython-vm 0.6)"),
    about = "pynum: a Python VM with a tiered JIT. Runs scripts as `python3` does.",
    override_usage = "pynum-run [option] ... [-c cmd | -m mod | file | -] [arg] ..."
)]
pub struct Cli {
    /// Program passed in as string (terminates option list)
    #[arg(short = 'c', value_name = "cmd")]
    pub command: Option<String>,
    /// Run library module as a script (terminates option list)
    #[arg(short = 'm', value_name = "mod")]
    pub module: Option<String>,
    /// Don't write .pyc files on import
    #[arg(short = 'B')]
    pub dont_write_bytecode: bool,
    /// Ignore PYTHON* environment variables
    #[arg(short = 'E')]
    pub ignore_environment: bool,
    /// Inspect interactively after running the script
    #[arg(short = 'i')]
    pub inspect: bool,
    /// Isolate from the user's environment (implies -E, -P and -s)
    #[arg(short = 'I')]
    pub isolated: bool,
    /// Remove assert and __debug__-dependent statements
    #[arg(short = 'O', action = clap::ArgAction::Count)]
    pub optimize: u8,
    /// Don't prepend a potentially unsafe path to sys.path
    #[arg(short = 'P')]
    pub safe_path: bool,
    /// Don't print version and copyright messages on interactive start-up
    #[arg(short = 'q')]
    pub quiet: bool,
    /// Don't add the user site directory to sys.path
    #[arg(short = 's')]
    pub no_user_site: bool,
    /// Don't imply 'import site' on initialization
    #[arg(short = 'S')]
    pub no_site: bool,
    /// Force the stdout and stderr streams to be unbuffered
    #[arg(short = 'u')]
    pub unbuffered: bool,
    /// Verbose (accepted for compatibility)
    #[arg(short = 'v', action = clap::ArgAction::Count)]
    pub verbose: u8,
    /// Warning control
    #[arg(short = 'W', value_name = "arg")]
    pub warnings: Vec<String>,
    /// Implementation-specific option
    #[arg(short = 'X', value_name = "opt")]
    pub xoptions: Vec<String>,
    /// Print each function's decoded bytecode to stderr, then run (PYNUM_DUMP_BYTECODE=1)
    #[arg(long)]
    pub dump_bytecode: bool,
    /// Print each function's CFG, loops and dominators to stderr, then run; `=dot` for
    /// Graphviz (PYNUM_DUMP_CFG=1 or =dot)
    #[arg(long, value_name = "FORMAT", num_args = 0..=1, require_equals = true, default_missing_value = "text")]
    pub dump_cfg: Option<CfgFormat>,
    /// Print each function's pynum IR to stderr, then run (PYNUM_DUMP_IR=1)
    #[arg(long)]
    pub dump_ir: bool,
    /// Print each function's lift plan (which loops automatic mode may lift, with what
    /// names, or why not) to stderr, then run (PYNUM_DUMP_LIFT_PLAN=1)
    #[arg(long)]
    pub dump_lift_plan: bool,
    /// Print a summary of JIT activity at exit (PYNUM_JIT_STATS=1)
    #[arg(long)]
    pub jit_stats: bool,
    /// Run everything in the interpreter (PYNUM_JIT=0)
    #[arg(long)]
    pub no_jit: bool,
    /// One line per JIT event on stderr: compiled (name, tier, types, milliseconds) or
    /// rejected (the first reason) (PYNUM_JIT_LOG=1)
    #[arg(long)]
    pub jit_log: bool,
    /// Print the LIR (pynum's backend-neutral low-level IR) of every native
    /// specialization as it is compiled (PYNUM_DUMP_LIR=1)
    #[arg(long)]
    pub dump_lir: bool,
    /// Print the Cranelift IR of every native specialization as it is compiled
    /// (PYNUM_DUMP_CLIF=1)
    #[arg(long)]
    pub dump_clif: bool,
    /// Print the Cranelift IR of every native specialization after Cranelift's optimizer
    /// (PYNUM_DUMP_OPTIMIZED=1)
    #[arg(long)]
    pub dump_optimized: bool,
    /// Print the machine code of every native specialization, disassembled (capstone),
    /// at each tier (PYNUM_DUMP_ASM=1)
    #[arg(long)]
    pub dump_asm: bool,
    /// Print the LLVM IR of every tier-2 compile before LLVM's optimizer
    /// (PYNUM_DUMP_LLVM=1)
    #[arg(long)]
    pub dump_llvm: bool,
    /// Print the LLVM IR of every tier-2 compile after LLVM's optimizer (O3)
    /// (PYNUM_DUMP_LLVM_OPT=1)
    #[arg(long)]
    pub dump_llvm_opt: bool,
    /// The highest tier: 0 the interpreter, 1 Cranelift, 2 LLVM for what stays hot
    /// (PYNUM_TIER=N; default 2)
    #[arg(long, value_name = "N", require_equals = true, value_parser = ["0", "1", "2"])]
    pub tier: Option<String>,
    /// After the run, print each called function's source with its typed IR, typed for
    /// the arguments of its first call (PYNUM_DUMP_ANNOTATION=1)
    #[arg(long)]
    pub annotate: bool,
    /// Like --annotate, as one self-contained HTML page
    #[arg(long, value_name = "FILE", require_equals = true)]
    pub annotate_html: Option<String>,
}

#[derive(Debug, Clone, Copy, PartialEq, Eq, clap::ValueEnum)]
pub enum CfgFormat {
    Text,
    Dot,
}

/// What `pynum-run` was asked to run.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum Program {
    Script(String),
    Command(String),
    Module(String),
    Stdin,
    Repl,
}

/// A parsed command line.
#[derive(Debug)]
pub struct Invocation {
    pub cli: Cli,
    pub program: Program,
    /// Arguments after the program, which become `sys.argv[1:]`.
    pub program_args: Vec<String>,
}

/// A `PYNUM_*` switch: set, not empty and not `0`. Returns its value.
fn env_switch(name: &str) -> Option<String> {
    std::env::var(name).ok().filter(|v| !v.is_empty() && v != "0")
}

impl Invocation {
    /// The compiler dumps asked for, on the command line or through `PYNUM_DUMP_*`.
    pub fn dumps(&self) -> Vec<pynum_jit::Dump> {
        let env = env_switch;
        let mut dumps = Vec::new();
        if self.cli.dump_bytecode || env("PYNUM_DUMP_BYTECODE").is_some() {
            dumps.push(pynum_jit::Dump::Bytecode);
        }
        let cfg = self
            .cli
            .dump_cfg
            .or_else(|| env("PYNUM_DUMP_CFG").map(|v| if v == "dot" { CfgFormat::Dot } else { CfgFormat::Text }));
        match cfg {
            Some(CfgFormat::Text) => dumps.push(pynum_jit::Dump::Cfg),
            Some(CfgFormat::Dot) => dumps.push(pynum_jit::Dump::CfgDot),
            None => {}
        }
        if self.cli.dump_ir || env("PYNUM_DUMP_IR").is_some() {
            dumps.push(pynum_jit::Dump::Ir);
        }
        if self.cli.dump_lift_plan || env("PYNUM_DUMP_LIFT_PLAN").is_some() {
            dumps.push(pynum_jit::Dump::LiftPlan);
        }
        dumps
    }

    /// Whether `--dump-asm` (or `PYNUM_DUMP_ASM`) asks for machine code.
    pub fn dump_asm(&self) -> bool {
        self.cli.dump_asm || env_switch("PYNUM_DUMP_ASM").is_some()
    }

    /// Whether `--jit-stats` (or `PYNUM_JIT_STATS`) asks for a summary at exit.
    pub fn jit_stats(&self) -> bool {
        self.cli.jit_stats || env_switch("PYNUM_JIT_STATS").is_some()
    }

    /// The JIT's settings this command line and the `PYNUM_*` variables ask for.
    pub fn jit_config(&self) -> pynum_jit::policy::JitConfig {
        pynum_jit::policy::JitConfig {
            automatic: self.jit_enabled(),
            threshold: self.jit_threshold(),
            log: self.jit_log(),
            time_native: self.jit_stats(),
            dump_lir: self.dump_lir(),
            dump_clif: self.dump_clif(),
            dump_optimized: self.dump_optimized(),
            dump_asm: self.dump_asm(),
            dump_llvm: self.cli.dump_llvm || env_switch("PYNUM_DUMP_LLVM").is_some(),
            dump_llvm_opt: self.cli.dump_llvm_opt || env_switch("PYNUM_DUMP_LLVM_OPT").is_some(),
            backend: pynum_jit::policy::BackendChoice::from_env(),
            sync_compile: env_switch("PYNUM_SYNC_COMPILE").is_some(),
            predictable: env_switch("PYNUM_PREDICTABLE").is_some(),
            code_cache: std::env::var("PYNUM_CODE_CACHE").map_or(true, |v| v != "0"),
            ..pynum_jit::policy::JitConfig::default()
        }
        .capped_at(self.max_tier())
    }

    /// `--tier=N`, else `PYNUM_TIER`, else 2.
    pub fn max_tier(&self) -> pynum_jit::policy::Tier {
        let from_env = || std::env::var("PYNUM_TIER").ok();
        self.cli
            .tier
            .clone()
            .or_else(from_env)
            .and_then(|t| pynum_jit::policy::Tier::from_number(&t))
            .unwrap_or(pynum_jit::policy::Tier::Optimizing)
    }

    /// Whether automatic mode is on: not `--no-jit`, not `PYNUM_JIT=0`.
    pub fn jit_enabled(&self) -> bool {
        !self.cli.no_jit && std::env::var("PYNUM_JIT").map_or(true, |v| v != "0")
    }

    /// `PYNUM_JIT_THRESHOLD`: calls before a function is compiled (0: at once).
    pub fn jit_threshold(&self) -> Option<u64> {
        std::env::var("PYNUM_JIT_THRESHOLD").ok().and_then(|v| v.trim().parse().ok())
    }

    /// Whether `--jit-log` (or `PYNUM_JIT_LOG`) asks for JIT events.
    pub fn jit_log(&self) -> bool {
        self.cli.jit_log || env_switch("PYNUM_JIT_LOG").is_some()
    }

    /// Whether `--dump-lir` (or `PYNUM_DUMP_LIR`) asks for LIR.
    pub fn dump_lir(&self) -> bool {
        self.cli.dump_lir || env_switch("PYNUM_DUMP_LIR").is_some()
    }

    /// Whether `--dump-clif` (or `PYNUM_DUMP_CLIF`) asks for Cranelift IR.
    pub fn dump_clif(&self) -> bool {
        self.cli.dump_clif || env_switch("PYNUM_DUMP_CLIF").is_some()
    }

    /// Whether `--dump-optimized` (or `PYNUM_DUMP_OPTIMIZED`) asks for optimized Cranelift IR.
    pub fn dump_optimized(&self) -> bool {
        self.cli.dump_optimized || env_switch("PYNUM_DUMP_OPTIMIZED").is_some()
    }

    /// Whether `--annotate` (or `PYNUM_DUMP_ANNOTATION`) asks for text annotations.
    pub fn annotate_text(&self) -> bool {
        self.cli.annotate || env_switch("PYNUM_DUMP_ANNOTATION").is_some()
    }

    /// `sys.argv` as CPython sets it before running.
    pub fn argv(&self) -> Vec<String> {
        let first = match &self.program {
            Program::Script(path) => path.clone(),
            Program::Command(_) => "-c".to_owned(),
            // runpy replaces it with the module's path once it is found.
            Program::Module(_) => "-m".to_owned(),
            Program::Stdin => "-".to_owned(),
            Program::Repl => String::new(),
        };
        std::iter::once(first).chain(self.program_args.iter().cloned()).collect()
    }

    pub fn interpreter_options(&self) -> InterpreterOptions {
        let cli = &self.cli;
        InterpreterOptions {
            argv: self.argv(),
            import_site: !cli.no_site,
            ignore_environment: cli.ignore_environment,
            isolated: cli.isolated,
            no_user_site: cli.no_user_site,
            unbuffered: cli.unbuffered,
            dont_write_bytecode: cli.dont_write_bytecode,
            optimize: cli.optimize,
            quiet: cli.quiet,
            inspect: cli.inspect,
            xoptions: cli
                .xoptions
                .iter()
                .map(|opt| match opt.split_once('=') {
                    Some((name, value)) => (name.to_owned(), Some(value.to_owned())),
                    None => (opt.clone(), None),
                })
                .collect(),
            warnoptions: cli.warnings.clone(),
        }
    }
}

/// Where the interpreter's own options end in `args` (without the binary name).
#[derive(Debug, PartialEq, Eq)]
pub struct Split {
    /// Interpreter options, including a trailing `-c CODE` or `-m MOD`.
    pub options: Vec<String>,
    /// The script path or `-`, when the program is not `-c`/`-m`.
    pub script: Option<String>,
    pub program_args: Vec<String>,
}

/// Cuts `args` where CPython stops reading interpreter options.
pub fn split_program(args: &[String]) -> Split {
    let command = Cli::command();
    let short_takes_value =
        |c: char| command.get_arguments().any(|a| a.get_short() == Some(c) && a.get_action().takes_values());
    let long_takes_value = |name: &str| {
        command
            .get_arguments()
            .any(|a| a.get_long() == Some(name) && a.get_action().takes_values() && !a.is_require_equals_set())
    };
    let mut options = Vec::new();
    let mut i = 0;
    while i < args.len() {
        let arg = &args[i];
        if arg == "--" {
            i += 1;
            break;
        }
        if let Some(long) = arg.strip_prefix("--") {
            options.push(arg.clone());
            if !long.contains('=') && long_takes_value(long) && i + 1 < args.len() {
                options.push(args[i + 1].clone());
                i += 1;
            }
            i += 1;
            continue;
        }
        let Some(flags) = arg.strip_prefix('-').filter(|f| !f.is_empty()) else {
            break; // a script path, or `-` for stdin
        };
        options.push(arg.clone());
        i += 1;
        for (at, flag) in flags.char_indices() {
            if !short_takes_value(flag) {
                continue;
            }
            let inline_value = &flags[at + flag.len_utf8()..];
            if inline_value.is_empty() && i < args.len() {
                options.push(args[i].clone());
                i += 1;
            }
            if flag == 'c' || flag == 'm' {
                return Split { options, script: None, program_args: args[i..].to_vec() };
            }
            break;
        }
    }
    let script = args.get(i).cloned();
    let rest = if script.is_some() { args[i + 1..].to_vec() } else { Vec::new() };
    Split { options, script, program_args: rest }
}

/// Parses a full command line (binary name first). Exits as clap does on `-h`,
/// `--version` and errors (status 2), which is what CPython does too.
pub fn parse(args: impl IntoIterator<Item = OsString>) -> Invocation {
    let mut args = args.into_iter().map(|a| a.to_string_lossy().into_owned());
    let binary = args.next().unwrap_or_else(|| "pynum-run".to_owned());
    let rest: Vec<String> = args.collect();
    let split = split_program(&rest);
    let cli = Cli::parse_from(std::iter::once(binary).chain(split.options));
    let program = match (&cli.command, &cli.module, split.script) {
        (Some(code), _, _) => Program::Command(code.clone()),
        (None, Some(module), _) => Program::Module(module.clone()),
        (None, None, Some(dash)) if dash == "-" => Program::Stdin,
        (None, None, Some(path)) => Program::Script(path),
        (None, None, None) => Program::Repl,
    };
    Invocation { cli, program, program_args: split.program_args }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn strings(args: &[&str]) -> Vec<String> {
        args.iter().map(|s| s.to_string()).collect()
    }

    fn invocation(args: &[&str]) -> Invocation {
        parse(std::iter::once("pynum-run").chain(args.iter().copied()).map(OsString::from))
    }

    #[test]
    fn script_arguments_are_not_options() {
        let inv = invocation(&["-u", "script.py", "-c", "x", "--version"]);
        assert_eq!(inv.program, Program::Script("script.py".into()));
        assert_eq!(inv.argv(), strings(&["script.py", "-c", "x", "--version"]));
        assert!(inv.cli.unbuffered);
    }

    #[test]
    fn command_ends_the_options_even_when_glued() {
        let inv = invocation(&["-uc", "print(1)", "-m", "a"]);
        assert_eq!(inv.program, Program::Command("print(1)".into()));
        assert_eq!(inv.argv(), strings(&["-c", "-m", "a"]));
        let inv = invocation(&["-cpass", "b"]);
        assert_eq!(inv.program, Program::Command("pass".into()));
        assert_eq!(inv.argv(), strings(&["-c", "b"]));
    }

    #[test]
    fn module_and_stdin_and_repl() {
        let inv = invocation(&["-m", "json.tool", "f.json"]);
        assert_eq!(inv.program, Program::Module("json.tool".into()));
        assert_eq!(inv.argv(), strings(&["-m", "f.json"]));
        let inv = invocation(&["-", "a"]);
        assert_eq!(inv.program, Program::Stdin);
        assert_eq!(inv.argv(), strings(&["-", "a"]));
        assert_eq!(invocation(&["-q"]).program, Program::Repl);
    }

    #[test]
    fn valued_options_consume_their_value() {
        let inv = invocation(&["-X", "dev", "-Wignore", "s.py"]);
        assert_eq!(inv.cli.xoptions, strings(&["dev"]));
        assert_eq!(inv.cli.warnings, strings(&["ignore"]));
        assert_eq!(inv.program, Program::Script("s.py".into()));
    }

    #[test]
    fn optional_values_need_an_equals_sign() {
        let inv = invocation(&["--dump-cfg", "s.py", "x"]);
        assert_eq!(inv.cli.dump_cfg, Some(CfgFormat::Text));
        assert_eq!(inv.program, Program::Script("s.py".into()));
        let inv = invocation(&["--dump-cfg=dot", "--dump-ir", "s.py"]);
        assert_eq!(inv.cli.dump_cfg, Some(CfgFormat::Dot));
        assert!(inv.cli.dump_ir);
    }

    #[test]
    fn double_dash_ends_options() {
        let split = split_program(&strings(&["-S", "--", "-x.py", "a"]));
        assert_eq!(split.options, strings(&["-S"]));
        assert_eq!(split.script.as_deref(), Some("-x.py"));
        assert_eq!(split.program_args, strings(&["a"]));
    }
}
