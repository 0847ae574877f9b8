//! The prompt's `%` commands, for watching code move through the tiers: `%jit` (what
//! compiled, at which tier, how often it ran natively or deoptimized; `%jit on|off`
//! switches automatic mode for what is typed next), `%annotate f`, `%tiers f(args)`
//! (one call timed at each tier) and `%dump stage f`.
//!
//! Assumes a line that starts with `%` is never Python (it is a syntax error there), so
//! the prompt may take every such line as a command.

use pynum_jit::events::JitEvent;
use rustpython_vm::{builtins::PyCode, scope::Scope, AsObject, PyObjectRef, PyRef, PyResult, VirtualMachine};

use super::input::Session;
use crate::dispatcher::{compiled_functions, Dispatcher, LiftedLoop};

/// The command names, for `%help` and completion.
pub(super) const NAMES: &[&str] = &["jit", "annotate", "tiers", "dump", "help"];

/// The stages `%dump` shows: the front end's on the code as written, the rest on each
/// compiled specialization.
const STAGES: &[&str] = &["bytecode", "cfg", "ir", "lift-plan", "lir", "clif", "clif-opt", "asm", "llvm", "llvm-opt"];

/// A parsed `%` line.
pub(super) enum Command {
    Jit,
    JitSwitch(bool),
    Annotate(String),
    Tiers(String),
    Dump { stage: String, name: String },
    Help,
    Unknown(String),
}

/// The command a line holds, if it starts with `%`.
pub(super) fn parse(line: &str) -> Option<Command> {
    let line = line.trim();
    let rest = line.strip_prefix('%')?;
    let (name, argument) = rest.split_once(char::is_whitespace).unwrap_or((rest, ""));
    let argument = argument.trim();
    Some(match (name, argument) {
        ("jit", "") => Command::Jit,
        ("jit", "on") => Command::JitSwitch(true),
        ("jit", "off") => Command::JitSwitch(false),
        ("annotate", name) if !name.is_empty() => Command::Annotate(name.to_owned()),
        ("tiers", call) if !call.is_empty() => Command::Tiers(call.to_owned()),
        ("dump", rest) => match rest.split_once(char::is_whitespace) {
            Some((stage, name)) => Command::Dump { stage: stage.to_owned(), name: name.trim().to_owned() },
            None => Command::Unknown(line.to_owned()),
        },
        ("help", _) => Command::Help,
        _ => Command::Unknown(line.to_owned()),
    })
}

pub(super) fn run(vm: &VirtualMachine, scope: &Scope, session: &mut Session<'_>, command: Command) {
    match command {
        Command::Jit => print_jit_table(vm, scope),
        Command::JitSwitch(on) => {
            session.jit = on;
            println!("automatic mode is {} for what is typed next", if on { "on" } else { "off" });
        }
        Command::Annotate(name) => annotate(vm, scope, &name),
        Command::Tiers(call) => {
            if let Err(exc) = tiers(vm, scope, &call) {
                vm.print_exception(&exc);
            }
        }
        Command::Dump { stage, name } => dump(vm, scope, &stage, &name),
        Command::Help => print_help(),
        Command::Unknown(line) => {
            println!("unknown command {line:?}");
            print_help();
        }
    }
    crate::streams::flush_streams(vm, &["stdout"]);
}

fn print_help() {
    println!("%jit                 what compiled: tier, specializations, native calls, deoptimizations");
    println!("%jit on|off          automatic mode for what is typed next");
    println!("%annotate f          the typed IR of f's specializations under its source lines");
    println!("%tiers f(args)       times the call in the interpreter and at each tier");
    println!("%dump stage f        one stage of f: {}", STAGES.join(", "));
}

/// What `name` names in `__main__`, and its dispatcher if it has one (a function
/// automatic mode registered, or an `@njit`/`@jit` dispatcher).
fn lookup(vm: &VirtualMachine, scope: &Scope, name: &str) -> Option<(PyObjectRef, Option<PyRef<Dispatcher>>)> {
    let Ok(target) = scope.globals.get_item(name, vm) else {
        println!("no global named {name:?}");
        return None;
    };
    let dispatcher = compiled_functions::dispatcher_of(&target)
        .or_else(|| target.downcast_ref::<Dispatcher>().map(|d| d.to_owned()));
    Some((target, dispatcher))
}

/// The dispatchers of the loops lifted out of `target` that ran in this namespace.
fn lifted_dispatchers(vm: &VirtualMachine, scope: &Scope, target: &PyObjectRef) -> Vec<PyRef<Dispatcher>> {
    let code = compiled_functions::running_code(target, vm).ok();
    code.iter().flat_map(lifted_loops).filter_map(|lifted| lifted.bound_to(&scope.globals)).collect()
}

/// The lifted loops `code` and the code objects nested in it call, in the order of
/// their constants.
pub(super) fn lifted_loops(code: &PyRef<PyCode>) -> Vec<PyRef<LiftedLoop>> {
    let mut out = Vec::new();
    for constant in code.code.constants.iter() {
        let object: &rustpython_vm::PyObject = std::borrow::Borrow::borrow(constant);
        if let Some(nested) = object.downcast_ref::<PyCode>() {
            out.extend(lifted_loops(&nested.to_owned()));
        } else if let Some(lifted) = object.downcast_ref::<LiftedLoop>() {
            out.push(lifted.to_owned());
        }
    }
    out
}

/// `%jit`: one row per function of `__main__` that has native code or was tried, and per
/// loop lifted out of it; then the compiles and rejections of code no global names.
fn print_jit_table(vm: &VirtualMachine, scope: &Scope) {
    let mut rows = Vec::new();
    let mut shown = std::collections::HashSet::new();
    for (name, value) in scope.globals.clone().into_iter() {
        let Ok(name) = name.str(vm).map(|s| s.to_string()) else { continue };
        let dispatcher = compiled_functions::dispatcher_of(&value)
            .or_else(|| value.downcast_ref::<Dispatcher>().map(|d| d.to_owned()));
        if let Some(dispatcher) = dispatcher {
            rows.push((name.clone(), dispatcher.summary(vm)));
        }
        for (index, lifted) in lifted_dispatchers(vm, scope, &value).into_iter().enumerate() {
            rows.push((format!("{name} loop {}", index + 1), lifted.summary(vm)));
        }
    }
    let events = crate::dispatcher::events();
    if rows.is_empty() && events.is_empty() {
        println!("nothing has been compiled yet");
        return;
    }
    if !rows.is_empty() {
        println!(
            "{:<24} {:>4}  {:<28} {:>10} {:>8} {:>10} {:>7}",
            "function", "tier", "specializations", "compile ms", "native", "native ms", "deopts"
        );
    }
    for (name, summary) in &rows {
        let tier = if summary.specializations.is_empty() { "-".to_owned() } else { summary.tier.to_string() };
        let signatures = if summary.specializations.is_empty() {
            "(interpreted)".to_owned()
        } else {
            summary.specializations.join(" ")
        };
        println!(
            "{name:<24} {tier:>4}  {signatures:<28} {:>10.3} {:>8} {:>10.3} {:>7}",
            summary.compile_ms, summary.native_calls, summary.native_ms, summary.deopts
        );
        shown.extend(summary.subjects.iter().cloned());
    }
    // Code no global leads to (loops typed at the prompt, functions of imported
    // modules): the events, as `--jit-log` words them.
    let others: Vec<&JitEvent> = events
        .iter()
        .filter(|event| matches!(event, JitEvent::Compiled { .. } | JitEvent::Rejected { .. }))
        .filter(|event| !shown.contains(event.subject()))
        .collect();
    if !others.is_empty() {
        println!("other code:");
        for event in others {
            match event {
                JitEvent::Compiled { what, tier, milliseconds, .. } => {
                    println!("  tier {tier}  {what}  ({milliseconds:.3} ms)")
                }
                other => println!("  {other}"),
            }
        }
    }
}

/// `%annotate f`: the typed IR of each specialization of `f` and of the loops lifted out
/// of it, source lines above their instructions (`Dispatcher.inspect_types`).
fn annotate(vm: &VirtualMachine, scope: &Scope, name: &str) {
    let Some((target, dispatcher)) = lookup(vm, scope, name) else { return };
    let dispatchers: Vec<PyRef<Dispatcher>> =
        dispatcher.into_iter().chain(lifted_dispatchers(vm, scope, &target)).collect();
    if dispatchers.is_empty() {
        println!("{name} runs in the interpreter only (it is not a candidate for native code)");
    }
    for dispatcher in dispatchers {
        if let Err(exc) = vm.call_method(dispatcher.as_object(), "inspect_types", ()) {
            vm.print_exception(&exc);
        }
    }
}

/// `%dump stage f`.
fn dump(vm: &VirtualMachine, scope: &Scope, stage: &str, name: &str) {
    if !STAGES.contains(&stage) {
        println!("%dump: no stage {stage:?}; the stages are {}", STAGES.join(", "));
        return;
    }
    let Some((target, dispatcher)) = lookup(vm, scope, name) else { return };
    let front_end = match stage {
        "bytecode" => Some(pynum_jit::Dump::Bytecode),
        "cfg" => Some(pynum_jit::Dump::Cfg),
        "ir" => Some(pynum_jit::Dump::Ir),
        "lift-plan" => Some(pynum_jit::Dump::LiftPlan),
        _ => None,
    };
    if let Some(which) = front_end {
        // The code as written (`__code__` reads it even for a registered function).
        let code = target
            .get_attr("__code__", vm)
            .or_else(|_| target.get_attr("py_func", vm).and_then(|f| f.get_attr("__code__", vm)));
        let Some(code) = code.ok().and_then(|c| c.downcast::<PyCode>().ok()) else {
            println!("%dump: {name} has no code object");
            return;
        };
        match pynum_jit::analyze(&code.code) {
            Ok(analysis) => print!("{}", analysis.dump(which)),
            Err(err) => println!("%dump: {name} is not analyzed: {err}"),
        }
        return;
    }
    let dispatchers: Vec<PyRef<Dispatcher>> =
        dispatcher.into_iter().chain(lifted_dispatchers(vm, scope, &target)).collect();
    let mut printed = false;
    for dispatcher in dispatchers {
        for (signature, text) in dispatcher.stage_dumps(stage, vm) {
            println!("---- {stage} {name}{signature} ----");
            print!("{text}");
            printed = true;
        }
    }
    if !printed {
        println!("%dump: {name} has no compiled specialization yet (call it until `%jit` lists it)");
    }
}

/// The calls `%tiers` makes of one tier: enough for 0.2 s, best of three such runs.
fn time_calls(
    vm: &VirtualMachine,
    callee: &PyObjectRef,
    args: &rustpython_vm::function::FuncArgs,
) -> PyResult<(f64, PyObjectRef)> {
    let mut result = callee.call(args.clone(), vm)?;
    let mut calls = 1usize;
    let per_run = loop {
        let started = std::time::Instant::now();
        for _ in 0..calls {
            result = callee.call(args.clone(), vm)?;
        }
        let elapsed = started.elapsed().as_secs_f64();
        if elapsed >= 0.2 || calls >= 1 << 20 {
            break elapsed / calls as f64;
        }
        calls = if elapsed <= 0.0 { calls * 10 } else { ((0.2 / elapsed) * calls as f64).ceil() as usize + 1 };
    };
    let mut best = per_run;
    for _ in 0..2 {
        let started = std::time::Instant::now();
        for _ in 0..calls {
            result = callee.call(args.clone(), vm)?;
        }
        best = best.min(started.elapsed().as_secs_f64() / calls as f64);
    }
    Ok((best, result))
}

fn format_seconds(seconds: f64) -> String {
    match seconds {
        s if s >= 1.0 => format!("{s:.3} s"),
        s if s >= 1e-3 => format!("{:.3} ms", s * 1e3),
        s if s >= 1e-6 => format!("{:.3} us", s * 1e6),
        s => format!("{:.1} ns", s * 1e9),
    }
}

/// `%tiers f(args)`: the call timed in the interpreter (a plain function of `f`'s code
/// as written, which nothing compiles), at tier 1 and at tier 2, each with its speed-up
/// and a check that it answered as the interpreter did.
fn tiers(vm: &VirtualMachine, scope: &Scope, call: &str) -> PyResult<()> {
    let Some(open) = call.find('(').filter(|_| call.ends_with(')')) else {
        println!("%tiers: write a call, as in %tiers f(10, 2.5)");
        return Ok(());
    };
    let callee_text = call[..open].trim();
    let arguments_text = &call[open + 1..call.len() - 1];
    let eval = |text: &str| -> PyResult {
        vm.builtins.get_attr("eval", vm)?.call((text.to_owned(), scope.globals.clone()), vm)
    };
    let callee = eval(callee_text)?;
    let packed = eval(&format!("(lambda *a, **k: (a, k))({arguments_text})"))?;
    let packed: Vec<PyObjectRef> = packed.try_to_value(vm)?;
    let [positional, keywords]: [PyObjectRef; 2] =
        packed.try_into().map_err(|_| vm.new_type_error("%tiers: the arguments did not pack".to_owned()))?;
    let positional: Vec<PyObjectRef> = positional.try_to_value(vm)?;
    let keywords: rustpython_vm::builtins::PyDictRef = keywords.try_into_value(vm)?;
    let mut args = rustpython_vm::function::FuncArgs::from(positional);
    for (key, value) in keywords.into_iter() {
        args.kwargs.insert(key.str(vm)?.as_wtf8().to_owned(), value);
    }
    let dispatcher = compiled_functions::dispatcher_of(&callee)
        .or_else(|| callee.downcast_ref::<Dispatcher>().map(|d| d.to_owned()));
    let Some(dispatcher) = dispatcher else {
        println!("%tiers: {callee_text} has no native code (automatic mode did not register it: see %jit)");
        return Ok(());
    };
    let interpreted = interpreted_copy(vm, &callee)?;
    let (interpreter_time, interpreter_result) = time_calls(vm, &interpreted, &args)?;
    println!("{:<12} {:>14} per call", "interpreter", format_seconds(interpreter_time));
    // Warm up: the dispatcher compiles at a call (or after a few); then its calls run
    // natively until something deoptimizes.
    for _ in 0..16 {
        callee.call(args.clone(), vm)?;
        if !dispatcher.summary(vm).specializations.is_empty() {
            break;
        }
    }
    let summary = dispatcher.summary(vm);
    if summary.specializations.is_empty() {
        println!("{callee_text} stays in the interpreter for these arguments (see %jit for why)");
        return Ok(());
    }
    // Tier 1, pinned (no promotion while it is timed), then tier 2 compiled now where
    // the tier cap and the backend allow it.
    dispatcher.pin_tier1(true);
    let first_tier = format!("tier {}", summary.first_tier);
    let tier1 = time_tier(vm, &dispatcher, &callee, &args, &first_tier, interpreter_time, &interpreter_result);
    dispatcher.pin_tier1(false);
    tier1?;
    if summary.first_tier >= 2 {
        return Ok(());
    }
    if dispatcher.compile_tier2_now() {
        time_tier(vm, &dispatcher, &callee, &args, "tier 2", interpreter_time, &interpreter_result)?;
    } else if dispatcher.summary(vm).tier < 2 {
        println!("{:<12} {:>14}", "tier 2", "(not available: see --tier and %jit)");
    }
    Ok(())
}

/// One line of `%tiers`: the calls' time at the tier the dispatcher runs now, its
/// speed-up over the interpreter, and what went wrong (deoptimizations, calls that did
/// not run natively, an answer other than the interpreter's).
fn time_tier(
    vm: &VirtualMachine,
    dispatcher: &PyRef<Dispatcher>,
    callee: &PyObjectRef,
    args: &rustpython_vm::function::FuncArgs,
    tier: &str,
    interpreter_time: f64,
    interpreter_result: &PyObjectRef,
) -> PyResult<()> {
    let before = dispatcher.summary(vm);
    let (native_time, native_result) = time_calls(vm, callee, args)?;
    let after = dispatcher.summary(vm);
    println!("{tier:<12} {:>14} per call  {:>7.1}x", format_seconds(native_time), interpreter_time / native_time);
    if after.deopts > before.deopts {
        println!("  {} of its calls deoptimized to the interpreter", after.deopts - before.deopts);
    } else if after.native_calls == before.native_calls {
        println!("  (its calls did not run natively: see %jit)");
    }
    if !vm.bool_eq(interpreter_result, &native_result).unwrap_or(false) {
        println!("  the tiers answered differently: {} and {}", interpreter_result.repr(vm)?, native_result.repr(vm)?);
    }
    Ok(())
}

/// A plain function of `callee`'s code as written, its globals, defaults and closure:
/// nothing registers it, so its calls run in the interpreter.
fn interpreted_copy(vm: &VirtualMachine, callee: &PyObjectRef) -> PyResult {
    let function = match callee.downcast_ref::<Dispatcher>() {
        Some(_) => callee.get_attr("py_func", vm)?,
        None => callee.clone(),
    };
    let attribute = |name: &'static str| function.get_attr(name, vm);
    let function_type = vm.import("types", 0)?.get_attr("FunctionType", vm)?;
    let copy = function_type.call(
        (
            attribute("__code__")?,
            attribute("__globals__")?,
            attribute("__name__")?,
            attribute("__defaults__")?,
            attribute("__closure__")?,
        ),
        vm,
    )?;
    copy.set_attr("__kwdefaults__", attribute("__kwdefaults__")?, vm)?;
    Ok(copy)
}
