//! The lift plan: which loops of one code object (a function or a module's code) may be
//! lifted into hidden functions, and with which names, decided on the IR rather than on
//! the AST (issue 15, item 6). `--dump-lift-plan` prints it; `looplift` applies it.
//!
//! Computed from the analyses the front end already has: the CFG's natural loops
//! ([`crate::cfg`]), liveness ([`crate::liveness`]) for what a loop hands back that is
//! read after it, a definite-assignment pass like [`crate::unbound`]'s (what is bound
//! when the loop starts, what each iteration binds before it reads it), and the ops
//! registry's effects ([`crate::ops`]) for which calls a lifted loop may make.
//!
//! Assumes the IR straight from [`crate::analyze`]: block ids are bytecode offsets (so
//! the CFG's loops name IR blocks), temporaries are assigned once, liveness's own `del`s
//! are in (a user's `del x` is the `discard x; del x` pair `dataflow` emits, so the two
//! are told apart), and every instruction carries its source line. A loop's natural body
//! does not hold the statements on a path that leaves it (`found = i; break`, `return
//! x`): those are taken by line, as the instructions between the loop's header line and
//! the first line its normal exit reaches. The `else` clause of a loop is not part of
//! the loop here (it runs after the loop has left); the AST pass measures it itself.
//!
//! What the plan cannot know is context: which module functions compile whole (a call
//! to one is fine: [`LoopPlan::calls`] lists them) and, at module level, which globals
//! the module's functions read (a loop storing one stays as written). The AST pass
//! resolves those, and keeps the checks that only concern how it splices the loop.

use std::collections::{BTreeMap, BTreeSet, VecDeque};
use std::fmt;

use rustc_hash::FxHashMap as HashMap;

use crate::ir::{
    expr_uses, inst_uses, terminator_uses, Block, BlockId, Const, Expr, Function, InstKind, Terminator, Var,
};
use crate::Analysis;

/// The plans of a module's code objects (`analyses`: every code object's analysis, as
/// the caller made them), by qualified name; the module's own code takes
/// `defined_globals` (names bound before it runs) as definitely bound.
pub fn module_plans(analyses: &[Analysis], defined_globals: &[String]) -> BTreeMap<String, LiftPlan> {
    let read_by_functions = globals_read_by_functions(analyses);
    analyses
        .iter()
        .map(|analysis| {
            let plan = if analysis.bytecode.qualname == "<module>" {
                let mut plan = plan_with_globals(analysis, defined_globals);
                keep_globals_functions_read(&mut plan, &read_by_functions);
                plan
            } else {
                plan(analysis)
            };
            (analysis.bytecode.qualname.clone(), plan)
        })
        .collect()
}

/// The globals the functions among `analyses` read.
fn globals_read_by_functions(analyses: &[Analysis]) -> BTreeSet<String> {
    analyses
        .iter()
        .filter(|analysis| analysis.bytecode.is_function)
        .filter_map(|analysis| analysis.ir.as_ref().ok())
        .flat_map(|func| func.blocks.iter().flat_map(|block| &block.insts))
        .filter_map(|inst| match &inst.kind {
            InstKind::Assign { value: Expr::Global(name), .. } => Some(name.clone()),
            _ => None,
        })
        .collect()
}

/// A module-level loop that stores a global some function reads stays as written: a
/// lifted loop keeps its globals in the hidden function's locals until it ends, and a
/// function it calls would read the global's value from before the loop.
fn keep_globals_functions_read(plan: &mut LiftPlan, read_by_functions: &BTreeSet<String>) {
    for lp in &mut plan.loops {
        if lp.verdict.is_ok() {
            if let Some(name) = lp.assigned.iter().find(|name| read_by_functions.contains(*name)) {
                lp.verdict = Err(NotLiftable::ReadByFunction { line: lp.line, name: name.clone() });
            }
        }
    }
}

/// Every code object of `source` analyzed (empty when it does not compile): for tests and
/// tools that start from text. The VM passes the analyses it already made.
pub fn analyze_source(source: &str) -> Vec<Analysis> {
    let Ok(module) =
        rustpython_compiler::compile(source, rustpython_compiler::Mode::Exec, "<lift plan>", Default::default())
    else {
        return Vec::new();
    };
    let mut codes = Vec::new();
    crate::bytecode::walk_code_objects(&module, &mut codes);
    codes.into_iter().filter_map(|code| crate::analyze(code).ok()).collect()
}

/// The loops of one code object, in the order of their header lines.
#[derive(Debug, Clone, PartialEq)]
pub struct LiftPlan {
    pub qualname: String,
    pub filename: String,
    pub first_line: u32,
    /// Why no loop of this code object is lifted, when that holds for all of them.
    pub scope_refusal: Option<NotLiftable>,
    pub loops: Vec<LoopPlan>,
}

/// What a loop iterates over, as the hidden function needs to know it.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum LoopKind {
    /// `for name in range(...)`.
    ForRange,
    /// `for name in some_name` (a list, if typing finds one).
    ForName,
    /// `for` over anything else (a call, an attribute, an expression).
    ForOther,
    While,
}

impl fmt::Display for LoopKind {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(match self {
            LoopKind::ForRange => "for-range",
            LoopKind::ForName => "for-name",
            LoopKind::ForOther => "for-other",
            LoopKind::While => "while",
        })
    }
}

/// One natural loop of the CFG and what lifting it would take.
#[derive(Debug, Clone, PartialEq)]
pub struct LoopPlan {
    /// The header block (a bytecode offset).
    pub header: u32,
    /// The `for`/`while` line, and the last line of the loop's body.
    pub line: u32,
    pub last_line: u32,
    pub kind: LoopKind,
    /// The header line of the innermost loop around this one.
    pub enclosing: Option<u32>,
    /// Locals (globals, at module level) the loop reads, its iterator included, sorted.
    pub reads: Vec<String>,
    /// Locals (globals) the loop assigns, sorted: the hidden function hands all of them
    /// back (a traceback, `locals()` or a debugger shows the loop's last values).
    pub assigned: Vec<String>,
    /// What the hidden function takes: names the loop reads or assigns that are bound
    /// when it starts (an assigned one too, for a run of zero iterations), sorted.
    pub live_in: Vec<String>,
    /// Assigned names read after the loop (liveness; every assigned global at module
    /// level), sorted.
    pub live_out: Vec<String>,
    /// Names not bound when the loop starts that each iteration binds before reading.
    pub bound_by_iteration: Vec<String>,
    /// `return` statements inside the loop: each becomes a control point.
    pub returns: usize,
    /// Functions the loop calls that native code does not implement: lifting needs each
    /// to compile whole (an automatic-mode candidate).
    pub calls: Vec<String>,
    /// Liftable, or the first reason it is not.
    pub verdict: Result<(), NotLiftable>,
}

/// Why a loop is not lifted.
#[derive(Debug, Clone, PartialEq)]
pub enum NotLiftable {
    /// The front end could not translate the code object.
    NotTranslated(String),
    /// Loops are lifted in top-level functions, methods and module code only.
    NestedScope,
    ClassBody,
    Async,
    Variadic,
    /// `for` over something other than `range(...)` or a name.
    Iterable {
        line: u32,
    },
    /// `for a, b in ...` or `for x.y in ...`.
    TargetNotAName {
        line: u32,
    },
    /// An operation native code does not run without effects outside the loop.
    Effect {
        line: u32,
        what: String,
    },
    /// A cell or free variable (shared with a nested scope).
    Cell {
        line: u32,
        name: String,
    },
    /// A statement covered by `try` or `with`.
    ExceptionHandler {
        line: u32,
    },
    /// A name that may be unbound where the loop reads it.
    ReadBeforeBound {
        line: u32,
        name: String,
    },
    /// At module level, a global a function of the module reads.
    ReadByFunction {
        line: u32,
        name: String,
    },
    /// A loop inside it is not liftable in shape.
    InnerLoop {
        line: u32,
        reason: Box<NotLiftable>,
    },
}

impl fmt::Display for NotLiftable {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            NotLiftable::NotTranslated(why) => write!(f, "not translated: {why}"),
            NotLiftable::NestedScope => {
                f.write_str("a nested function (loops lift in top-level functions, methods and module code)")
            }
            NotLiftable::ClassBody => f.write_str("a class body"),
            NotLiftable::Async => f.write_str("an async function"),
            NotLiftable::Variadic => f.write_str("takes *args or **kwargs"),
            NotLiftable::Iterable { line } => {
                write!(f, "line {line}: iterates over something other than range(...) or a name")
            }
            NotLiftable::TargetNotAName { line } => write!(f, "line {line}: the loop variable is not one name"),
            NotLiftable::Effect { line, what } => write!(f, "line {line}: {what}"),
            NotLiftable::Cell { line, name } => write!(f, "line {line}: {name} is shared with a nested scope"),
            NotLiftable::ExceptionHandler { line } => write!(f, "line {line}: inside try or with"),
            NotLiftable::ReadBeforeBound { line, name } => {
                write!(f, "line {line}: {name} may be read before it is bound")
            }
            NotLiftable::ReadByFunction { line, name } => {
                write!(f, "line {line}: stores the global {name}, which a function reads")
            }
            NotLiftable::InnerLoop { line, reason } => write!(f, "inner loop at line {line}: {reason}"),
        }
    }
}

impl std::error::Error for NotLiftable {}

impl LiftPlan {
    /// The loop whose `for`/`while` statement is at `line`, if the CFG has it.
    pub fn loop_at(&self, line: u32) -> Option<&LoopPlan> {
        self.loops.iter().find(|l| l.line == line)
    }
}

impl LoopPlan {
    /// Whether the loop may be lifted when `is_callable` says which of [`Self::calls`]
    /// compile whole.
    pub fn liftable_with(&self, is_callable: impl Fn(&str) -> bool) -> Result<(), NotLiftable> {
        self.verdict.clone()?;
        match self.calls.iter().find(|c| !is_callable(c)) {
            Some(callee) => Err(NotLiftable::Effect {
                line: self.line,
                what: format!("calls {callee}, which does not compile whole"),
            }),
            None => Ok(()),
        }
    }
}

/// The plan of one analyzed code object.
pub fn plan(analysis: &Analysis) -> LiftPlan {
    plan_with_globals(analysis, &[])
}

/// The plan of one analyzed code object; at module level, `defined_globals` are bound
/// before its code starts (the REPL's earlier lines).
pub fn plan_with_globals(analysis: &Analysis, defined_globals: &[String]) -> LiftPlan {
    let bc = &analysis.bytecode;
    let mut plan = LiftPlan {
        qualname: bc.qualname.clone(),
        filename: bc.filename.clone(),
        first_line: bc.first_line,
        scope_refusal: None,
        loops: Vec::new(),
    };
    let func = match &analysis.ir {
        Ok(func) => func,
        Err(err) => {
            plan.scope_refusal = Some(NotLiftable::NotTranslated(err.to_string()));
            return plan;
        }
    };
    let module = !bc.is_function;
    plan.scope_refusal = if module && bc.qualname != "<module>" {
        Some(NotLiftable::ClassBody)
    } else if bc.qualname.contains('<') && bc.qualname != "<module>" || bc.qualname.matches('.').count() > 1 {
        Some(NotLiftable::NestedScope)
    } else if bc.is_async {
        Some(NotLiftable::Async)
    } else if bc.is_variadic {
        Some(NotLiftable::Variadic)
    } else {
        None
    };
    let mut facts = Facts::new(func, module);
    if module && !defined_globals.is_empty() {
        facts.bind_on_entry(defined_globals);
    }
    // The `for`/`while` line is the header's first instruction's in the bytecode (a
    // `while True:` header is a `NOP` the IR does not keep).
    let header_line = |header: u32| {
        let block = analysis.cfg.blocks.get(&header)?;
        bc.instrs.get(block.instrs.start).map(|i| i.line)
    };
    let mut loops: Vec<LoopPlan> =
        analysis.cfg.loops.values().filter_map(|l| facts.loop_plan(l, header_line(l.header)?)).collect();
    // An inner loop of an unliftable shape keeps its outer loops as written too.
    let shapes: Vec<(u32, u32, Option<NotLiftable>)> =
        loops.iter().map(|l| (l.header, l.line, shape_refusal(&l.verdict))).collect();
    for lp in &mut loops {
        if lp.verdict.is_err() {
            continue;
        }
        let body = &analysis.cfg.loops[&lp.header].body;
        if let Some((_, line, Some(reason))) =
            shapes.iter().find(|(h, _, r)| *h != lp.header && body.contains(h) && r.is_some())
        {
            lp.verdict = Err(NotLiftable::InnerLoop { line: *line, reason: Box::new(reason.clone()) });
        }
    }
    for lp in &mut loops {
        if let Some(refusal) = &plan.scope_refusal {
            lp.verdict = Err(refusal.clone());
        }
    }
    let headers: Vec<(u32, u32)> = loops.iter().map(|l| (l.header, l.line)).collect();
    for lp in &mut loops {
        // The innermost loop around it: of those whose body holds its header, the smallest.
        lp.enclosing = headers
            .iter()
            .filter(|(h, _)| *h != lp.header && analysis.cfg.loops[h].body.contains(&lp.header))
            .min_by_key(|(h, _)| analysis.cfg.loops[h].body.len())
            .map(|(_, line)| *line);
    }
    loops.sort_by_key(|l| (l.line, l.header));
    plan.loops = loops;
    plan
}

fn shape_refusal(verdict: &Result<(), NotLiftable>) -> Option<NotLiftable> {
    match verdict {
        Err(reason @ (NotLiftable::Iterable { .. } | NotLiftable::TargetNotAName { .. })) => Some(reason.clone()),
        _ => None,
    }
}

/// Where an instruction is: a block's index in `func.blocks` and the instruction's.
type Position = (usize, usize);

/// What the plan reads of one function's IR, computed once for all its loops.
struct Facts<'f> {
    func: &'f Function,
    /// Module code: names are globals (`name`/`store_name`), not locals.
    module: bool,
    index: HashMap<BlockId, usize>,
    /// Each temporary's definition.
    temp_defs: HashMap<&'f Var, &'f Expr>,
    cells: BTreeSet<&'f str>,
    /// Names bound on every path to the end of each block (`None`: unreachable).
    bound_out: Vec<Option<BTreeSet<String>>>,
    /// Globals bound before module code starts.
    entry_names: Vec<String>,
    liveness: crate::liveness::Liveness,
    /// Temporaries that hold an inlined comprehension's save of a local
    /// (`LOAD_FAST_AND_CLEAR`: a copy of the name, then `del name`), whatever binding it
    /// had, unbound included, with the local's name: the save's own temporary and the
    /// block parameters it alone reaches ([`saved_locals`]).
    saved_locals: HashMap<&'f Var, &'f str>,
}

/// The temporaries of `func` that hold a comprehension's save of a local, with its
/// name: `$t = name` followed by `del name` (how the IR reads `LOAD_FAST_AND_CLEAR`),
/// and each block parameter whose every incoming value is a save of the same name (the
/// save crosses the comprehension's loop in block parameters before it is restored). A
/// fixed point from "unknown" down: a parameter is a save until an edge brings it
/// anything else.
fn saved_locals(func: &Function) -> HashMap<&Var, &str> {
    #[derive(Clone, Copy, PartialEq)]
    enum Held<'a> {
        Unknown,
        Save(&'a str),
        Other,
    }
    let mut held: HashMap<&Var, Held<'_>> = HashMap::default();
    for block in &func.blocks {
        for pair in block.insts.windows(2) {
            if let (
                InstKind::Assign { target, value: Expr::Var(saved) | Expr::SavedLocal(saved) },
                InstKind::Del(deleted),
            ) = (&pair[0].kind, &pair[1].kind)
            {
                if target.is_temp() && !saved.is_temp() && saved == deleted {
                    held.insert(target, Held::Save(saved.0.as_str()));
                }
            }
        }
    }
    if held.is_empty() {
        return HashMap::default();
    }
    let index: HashMap<BlockId, &Block> = func.blocks.iter().map(|b| (b.id, b)).collect();
    for block in &func.blocks {
        for param in &block.params {
            held.entry(param).or_insert(Held::Unknown);
        }
    }
    let mut changed = true;
    while changed {
        changed = false;
        for block in &func.blocks {
            let edges = block.terminator.edges().into_iter().chain(block.unwind.iter());
            for edge in edges {
                let Some(target) = index.get(&edge.block) else { continue };
                for (param, arg) in target.params.iter().zip(&edge.args) {
                    let incoming = held.get(arg).copied().unwrap_or(Held::Other);
                    let now = held.get(param).copied().unwrap_or(Held::Other);
                    let met = match (now, incoming) {
                        (Held::Unknown, x) => x,
                        (x, Held::Unknown) => x,
                        (Held::Save(a), Held::Save(b)) if a == b => Held::Save(a),
                        _ => Held::Other,
                    };
                    if met != now {
                        held.insert(param, met);
                        changed = true;
                    }
                }
            }
        }
    }
    held.into_iter()
        .filter_map(|(var, h)| match h {
            Held::Save(name) => Some((var, name)),
            _ => None,
        })
        .collect()
}

impl<'f> Facts<'f> {
    fn new(func: &'f Function, module: bool) -> Facts<'f> {
        let index = func.blocks.iter().enumerate().map(|(i, b)| (b.id, i)).collect();
        let mut temp_defs = HashMap::default();
        for block in &func.blocks {
            for inst in &block.insts {
                if let InstKind::Assign { target, value } = &inst.kind {
                    if target.is_temp() {
                        temp_defs.insert(target, value);
                    }
                }
            }
        }
        let mut facts = Facts {
            func,
            module,
            index,
            temp_defs,
            cells: func.cells.iter().map(String::as_str).collect(),
            bound_out: Vec::new(),
            entry_names: Vec::new(),
            liveness: crate::liveness::analyze(func),
            saved_locals: saved_locals(func),
        };
        facts.bound_out = facts.definitely_bound();
        facts
    }

    /// The names an instruction reads: named locals (not cells) in a function, globals
    /// read by name in module code.
    fn reads_of(&self, kind: &'f InstKind) -> Vec<String> {
        if self.module {
            return match kind {
                InstKind::Assign { value: Expr::Name(name), .. } => vec![name.clone()],
                _ => Vec::new(),
            };
        }
        let mut uses = Vec::new();
        inst_uses(kind, &mut uses);
        uses.into_iter().filter(|v| self.is_slot(v)).map(|v| v.0.clone()).collect()
    }

    fn is_slot(&self, var: &Var) -> bool {
        !var.is_temp() && !self.cells.contains(var.0.as_str())
    }

    /// The name an instruction binds.
    fn binds(&self, kind: &'f InstKind) -> Option<String> {
        match kind {
            // A comprehension restoring the name it saved binds it only if it was bound
            // before, which this does not track: the name counts as unbound, so a loop
            // after the comprehension does not take it as an argument (reading it raised
            // `UnboundLocalError` where the name was never bound).
            InstKind::Assign { target, value: Expr::Var(from) }
                if self.saved_locals.get(from).is_some_and(|saved| *saved == target.0) =>
            {
                None
            }
            InstKind::Assign { target, .. } if !self.module && self.is_slot(target) => Some(target.0.clone()),
            // At module level only assignments bind a value a loop may take as an
            // argument: a `def`, `class` or `import` is read as a global.
            InstKind::StoreName { name, value } if self.module => (!self.is_definition(value, 0)).then(|| name.clone()),
            _ => None,
        }
    }

    /// The name an instruction assigns (plain or not).
    fn assigns(&self, kind: &'f InstKind) -> Option<String> {
        match kind {
            InstKind::Assign { target, .. } if !self.module && self.is_slot(target) => Some(target.0.clone()),
            InstKind::StoreName { name, .. } if self.module => Some(name.clone()),
            _ => None,
        }
    }

    /// The handler around a generator's whole body, which turns a `StopIteration` into a
    /// `RuntimeError`: no statement of the user's.
    fn is_generator_handler(&self, handler: BlockId) -> bool {
        self.func.is_generator
            && self.block_of(handler.0).is_some_and(|(_, block)| {
                block.insts.iter().any(|i| {
                    matches!(&i.kind, InstKind::Assign { value: Expr::Intrinsic { name, .. }, .. } if name == "INTRINSIC_STOPITERATION_ERROR")
                })
            })
    }

    /// Whether `value` is what a `def`, `class` (decorated or not) or `import` statement
    /// binds, rather than an assignment's value (`f = lambda v: 99` is an assignment).
    fn is_definition(&self, value: &Var, depth: usize) -> bool {
        match self.temp_defs.get(value) {
            Some(Expr::Import { .. } | Expr::ImportFrom { .. }) => true,
            Some(Expr::MakeFunction { code, .. }) => {
                !matches!(self.temp_defs.get(code), Some(Expr::Const(Const::Code(qualname))) if qualname.ends_with("<lambda>"))
            }
            Some(Expr::Call { func, args, .. }) => {
                matches!(self.temp_defs.get(func), Some(Expr::BuildClass))
                    || (depth < 8 && args.iter().any(|a| self.is_definition(a, depth + 1)))
            }
            _ => false,
        }
    }

    /// The name the user's `del` at `(block, i)` unbinds: `dataflow` emits `discard x;
    /// del x` for it, while liveness's `del`s (after a last use) unbind nothing a later
    /// read could see.
    fn unbinds(&self, block: &'f Block, i: usize) -> Option<String> {
        match &block.insts[i].kind {
            InstKind::Del(var) if !self.module && self.is_user_del(block, i) => Some(var.0.clone()),
            InstKind::DelName(name) if self.module => Some(name.clone()),
            _ => None,
        }
    }

    fn is_user_del(&self, block: &Block, i: usize) -> bool {
        let InstKind::Del(var) = &block.insts[i].kind else { return false };
        i > 0 && matches!(&block.insts[i - 1].kind, InstKind::Discard(Expr::Var(read)) if read == var)
    }

    /// Recomputes what is bound with `names` bound on entry as well.
    fn bind_on_entry(&mut self, names: &[String]) {
        self.entry_names = names.to_vec();
        self.bound_out = self.definitely_bound();
    }

    /// A forward must-analysis: the names bound at the end of each block on every path.
    fn definitely_bound(&self) -> Vec<Option<BTreeSet<String>>> {
        let blocks = &self.func.blocks;
        let mut bound_in: Vec<Option<BTreeSet<String>>> = vec![None; blocks.len()];
        let mut bound_out: Vec<Option<BTreeSet<String>>> = vec![None; blocks.len()];
        if blocks.is_empty() {
            return bound_out;
        }
        let entry = if self.module { &self.entry_names } else { &self.func.params };
        bound_in[0] = Some(entry.iter().cloned().collect());
        let mut changed = true;
        while changed {
            changed = false;
            for (b, block) in blocks.iter().enumerate() {
                let Some(start) = bound_in[b].clone() else { continue };
                // A handler may be entered before any of the block's bindings.
                if let Some(&h) = block.unwind.as_ref().and_then(|u| self.index.get(&u.block)) {
                    changed |= meet(&mut bound_in[h], &start);
                }
                let mut bound = start;
                for i in 0..block.insts.len() {
                    self.transfer(&mut bound, block, i);
                }
                for edge in block.terminator.edges() {
                    if let Some(&s) = self.index.get(&edge.block) {
                        changed |= meet(&mut bound_in[s], &bound);
                    }
                }
                if bound_out[b].as_ref() != Some(&bound) {
                    bound_out[b] = Some(bound);
                    changed = true;
                }
            }
        }
        bound_out
    }

    fn transfer(&self, bound: &mut BTreeSet<String>, block: &'f Block, i: usize) {
        if let Some(name) = self.binds(&block.insts[i].kind) {
            bound.insert(name);
        }
        if let Some(name) = self.unbinds(block, i) {
            bound.remove(&name);
        }
    }

    fn block_of(&self, offset: u32) -> Option<(usize, &'f Block)> {
        let &b = self.index.get(&BlockId(offset))?;
        Some((b, &self.func.blocks[b]))
    }

    /// The name a temporary loads, when it is a global (or module name) load.
    fn loaded_name(&self, var: &Var) -> Option<&'f str> {
        match self.temp_defs.get(var) {
            Some(Expr::Global(name) | Expr::Name(name)) => Some(name),
            _ => None,
        }
    }

    /// A variable or a global named in the source: what `name[...]` may index.
    fn is_named(&self, var: &Var) -> bool {
        (!var.is_temp() && !self.cells.contains(var.0.as_str())) || self.loaded_name(var).is_some()
    }

    /// `enumerate(xs[, start])` or `zip(xs, ys, ...)` of names, constants or such calls.
    fn is_paired_iterable(&self, expr: &Expr) -> bool {
        let Expr::Call { func, args, kwargs } = expr else { return false };
        kwargs.is_empty()
            && matches!(self.loaded_name(func), Some("enumerate" | "zip"))
            && !args.is_empty()
            && args.iter().all(|a| {
                self.is_named(a)
                    || match self.temp_defs.get(a) {
                        Some(Expr::Const(_)) => true,
                        Some(inner) => self.is_paired_iterable(inner),
                        None => false,
                    }
            })
    }

    fn loop_plan(&self, lp: &crate::cfg::Loop, line: u32) -> Option<LoopPlan> {
        let (_, header) = self.block_of(lp.header)?;
        let body: BTreeSet<u32> = lp.body.iter().copied().filter(|o| self.index.contains_key(&BlockId(*o))).collect();
        let end = self.end_line(lp, line, &body);
        let in_lines = |l: u32| l >= line && l < end;

        // The loop's instructions: its body's, the iterator's computation before the
        // header, and on the paths that leave it those still on its lines.
        let mut members: Vec<Position> = Vec::new();
        let mut exit_cuts: Vec<Position> = Vec::new();
        let mut return_blocks: Vec<usize> = Vec::new();
        for &offset in &body {
            let (b, block) = self.block_of(offset)?;
            members.extend((0..block.insts.len()).map(|i| (b, i)));
        }
        let (kind, iterator_slice, target_ok) = self.loop_kind(lp, header);
        members.extend(iterator_slice.iter().copied());
        let after_exit = self.reached_from_exit(header, &body);
        let mut seen: BTreeSet<u32> = body.clone();
        let mut queue: VecDeque<u32> = VecDeque::new();
        for &offset in &body {
            for edge in self.func.blocks[self.index[&BlockId(offset)]].terminator.edges() {
                if seen.insert(edge.block.0) {
                    queue.push_back(edge.block.0);
                }
            }
        }
        while let Some(offset) = queue.pop_front() {
            let Some((b, block)) = self.block_of(offset) else { continue };
            let first_out = block.insts.iter().position(|inst| !in_lines(inst.line));
            match first_out {
                Some(cut) => {
                    members.extend((0..cut).map(|i| (b, i)));
                    exit_cuts.push((b, cut));
                }
                None => {
                    members.extend((0..block.insts.len()).map(|i| (b, i)));
                    if in_lines(block.terminator_line) {
                        // The header's own exit reaches the code after the loop (a loop
                        // ending the function, its implicit `return None`).
                        let after_loop = after_exit.contains(&offset) || block.terminator_line == line;
                        if matches!(block.terminator, Terminator::Return(_)) && !after_loop {
                            return_blocks.push(b);
                        }
                        for edge in block.terminator.edges() {
                            if seen.insert(edge.block.0) {
                                queue.push_back(edge.block.0);
                            }
                        }
                    } else {
                        exit_cuts.push((b, block.insts.len()));
                    }
                }
            }
        }
        // A `return` inside the loop: the caller evaluates its value, so what computes
        // it is no part of the loop.
        let mut return_slice: BTreeSet<Position> = BTreeSet::new();
        let mut return_reads: BTreeSet<String> = BTreeSet::new();
        for &b in &return_blocks {
            let block = &self.func.blocks[b];
            let mut needed: Vec<&Var> = Vec::new();
            terminator_uses(&block.terminator, &mut needed);
            return_reads.extend(needed.iter().filter(|v| self.is_slot(v)).map(|v| v.0.clone()));
            for (i, inst) in block.insts.iter().enumerate().rev() {
                if let InstKind::Assign { target, value } = &inst.kind {
                    if target.is_temp() && needed.contains(&target) {
                        return_slice.insert((b, i));
                        let mut uses = Vec::new();
                        expr_uses(value, &mut uses);
                        return_reads.extend(uses.iter().filter(|v| self.is_slot(v)).map(|v| v.0.clone()));
                        needed.extend(uses);
                    }
                }
            }
        }
        members.retain(|p| !return_slice.contains(p));
        members.sort();
        members.dedup();

        let mut reads: BTreeSet<String> = BTreeSet::new();
        let mut assigned: BTreeSet<String> = BTreeSet::new();
        let mut calls: BTreeSet<String> = BTreeSet::new();
        let mut verdict: Result<(), NotLiftable> = match (kind, target_ok) {
            (LoopKind::ForOther, _) => Err(NotLiftable::Iterable { line }),
            (_, false) => Err(NotLiftable::TargetNotAName { line }),
            _ => Ok(()),
        };
        let refuse = |verdict: &mut Result<(), NotLiftable>, reason: NotLiftable| {
            if verdict.is_ok() {
                *verdict = Err(reason);
            }
        };
        // `try` and `with` first: their handlers' own operations would be the next
        // reason, and this one says more.
        for &offset in &body {
            let block = &self.func.blocks[self.index[&BlockId(offset)]];
            if block.unwind.as_ref().is_some_and(|u| !self.is_generator_handler(u.block)) {
                refuse(&mut verdict, NotLiftable::ExceptionHandler { line: block_line(block) });
            }
        }
        for &(b, i) in &members {
            let block = &self.func.blocks[b];
            let inst = &block.insts[i];
            reads.extend(self.reads_of(&inst.kind));
            assigned.extend(self.assigns(&inst.kind));
            if let Err(reason) = self.check_inst(block, i, &mut calls) {
                refuse(&mut verdict, reason);
            }
        }
        let in_loop_blocks: BTreeSet<usize> =
            members.iter().map(|(b, _)| *b).chain(body.iter().map(|o| self.index[&BlockId(*o)])).collect();
        for &b in &in_loop_blocks {
            let block = &self.func.blocks[b];
            let whole = body.contains(&block.id.0)
                || (in_lines(block.terminator_line) && block.insts.iter().all(|i| in_lines(i.line)));
            if !whole {
                continue;
            }
            match &block.terminator {
                Terminator::Raise { .. } | Terminator::StaticRaise { .. } | Terminator::Reraise(_) => {
                    refuse(
                        &mut verdict,
                        NotLiftable::Effect { line: block.terminator_line, what: "raises".to_owned() },
                    );
                }
                _ => {}
            }
            let mut uses = Vec::new();
            if !matches!(block.terminator, Terminator::Return(_)) {
                terminator_uses(&block.terminator, &mut uses);
            }
            reads.extend(uses.iter().filter(|v| !self.module && self.is_slot(v)).map(|v| v.0.clone()));
        }
        if self.module && !return_blocks.is_empty() {
            refuse(&mut verdict, NotLiftable::Effect { line, what: "returns at module level".to_owned() });
        }

        // Bound on entry: on every path from outside into the header.
        let entry_bound = lp
            .entries
            .iter()
            .filter_map(|e| self.index.get(&BlockId(*e)).and_then(|&b| self.bound_out[b].clone()))
            .reduce(|a, b| a.intersection(&b).cloned().collect())
            .unwrap_or_default();
        // The iterator is computed before the loop starts.
        let iterator_positions: BTreeSet<Position> = iterator_slice.iter().copied().collect();
        let (iteration_bound, first_unbound_read) = self.bound_in_iteration(
            lp,
            &body,
            &members,
            &iterator_positions,
            &entry_bound,
            &reads,
            &assigned,
            &in_loop_blocks,
        );
        if let Some((read_line, name)) = first_unbound_read {
            refuse(&mut verdict, NotLiftable::ReadBeforeBound { line: read_line, name });
        }
        for &(b, i) in &iterator_slice {
            for name in self.reads_of(&self.func.blocks[b].insts[i].kind) {
                if !entry_bound.contains(&name) && !self.module {
                    refuse(&mut verdict, NotLiftable::ReadBeforeBound { line, name });
                }
            }
        }

        let live_in: Vec<String> = reads.union(&assigned).filter(|n| entry_bound.contains(*n)).cloned().collect();
        let live_out: Vec<String> = if self.module {
            assigned.iter().cloned().collect()
        } else {
            let mut live: BTreeSet<String> = return_reads.intersection(&assigned).cloned().collect();
            for &(b, cut) in &exit_cuts {
                live.extend(self.live_before(b, cut));
            }
            live.retain(|n| assigned.contains(n));
            live.into_iter().collect()
        };
        let last_line = members
            .iter()
            .map(|&(b, i)| self.func.blocks[b].insts[i].line)
            .chain(body.iter().map(|o| self.func.blocks[self.index[&BlockId(*o)]].terminator_line))
            .chain(return_blocks.iter().map(|&b| self.func.blocks[b].terminator_line))
            .filter(|&l| in_lines(l))
            .max()
            .unwrap_or(line);
        Some(LoopPlan {
            header: lp.header,
            line,
            last_line,
            kind,
            enclosing: None,
            reads: reads.into_iter().collect(),
            assigned: assigned.into_iter().collect(),
            live_in,
            live_out,
            bound_by_iteration: iteration_bound,
            returns: return_blocks.len(),
            calls: calls.into_iter().collect(),
            verdict,
        })
    }

    /// The first line past the loop statement's body: the first line after the header's
    /// own line that the header's exit (the iterator running out, the test failing)
    /// reaches. `u32::MAX` when that path reaches none (a loop ending the function).
    fn end_line(&self, lp: &crate::cfg::Loop, line: u32, body: &BTreeSet<u32>) -> u32 {
        let Some((_, header)) = self.block_of(lp.header) else { return u32::MAX };
        let mut queue: VecDeque<u32> =
            header.terminator.edges().iter().map(|e| e.block.0).filter(|b| !body.contains(b)).collect();
        let mut seen: BTreeSet<u32> = queue.iter().copied().collect();
        let mut end = u32::MAX;
        while let Some(offset) = queue.pop_front() {
            let Some((_, block)) = self.block_of(offset) else { continue };
            let lines = block.insts.iter().map(|i| i.line).chain([block.terminator_line]);
            let mut left = false;
            for l in lines {
                if l > line {
                    end = end.min(l);
                    left = true;
                    break;
                }
                if l < line && l != 0 {
                    left = true;
                    break;
                }
            }
            if !left {
                for edge in block.terminator.edges() {
                    if !body.contains(&edge.block.0) && seen.insert(edge.block.0) {
                        queue.push_back(edge.block.0);
                    }
                }
            }
        }
        end
    }

    /// The blocks the header's own exit reaches without entering the loop again.
    fn reached_from_exit(&self, header: &Block, body: &BTreeSet<u32>) -> BTreeSet<u32> {
        let mut seen: BTreeSet<u32> = BTreeSet::new();
        let mut stack: Vec<u32> =
            header.terminator.edges().iter().map(|e| e.block.0).filter(|b| !body.contains(b)).collect();
        while let Some(offset) = stack.pop() {
            if !seen.insert(offset) {
                continue;
            }
            if let Some((_, block)) = self.block_of(offset) {
                stack.extend(block.terminator.edges().iter().map(|e| e.block.0).filter(|b| !body.contains(b)));
            }
        }
        seen
    }

    /// The loop's kind, the instructions before the header that compute its iterator,
    /// and whether each iteration binds one name (a `for` loop's variable).
    fn loop_kind(&self, lp: &crate::cfg::Loop, header: &'f Block) -> (LoopKind, Vec<Position>, bool) {
        let Some(first) = header.insts.iter().find(|i| !matches!(i.kind, InstKind::Del(_))) else {
            return (LoopKind::While, Vec::new(), true);
        };
        let InstKind::Assign { value: Expr::IterNext(iterator), .. } = &first.kind else {
            return (LoopKind::While, Vec::new(), true);
        };
        // The iterator comes in as the header's parameter, from the block before it.
        let position = header.params.iter().position(|p| p == iterator);
        let mut slice = Vec::new();
        let mut kind = LoopKind::ForOther;
        let entry = lp.entries.iter().next().and_then(|e| self.block_of(*e));
        if let (Some(position), Some((b, pre))) = (position, entry) {
            let edge = pre.terminator.edges().into_iter().find(|e| e.block == header.id);
            if let Some(arg) = edge.and_then(|e| e.args.get(position)) {
                kind = match self.temp_defs.get(arg) {
                    Some(Expr::RangeIter { .. }) => LoopKind::ForRange,
                    Some(Expr::GetIter(source)) if self.is_named(source) => LoopKind::ForName,
                    Some(Expr::GetIter(source)) => match self.temp_defs.get(source) {
                        Some(Expr::Call { func, kwargs, .. })
                            if kwargs.is_empty() && self.loaded_name(func) == Some("range") =>
                        {
                            LoopKind::ForRange
                        }
                        // `for b in self.bodies`: a list held in a field of a named object.
                        Some(Expr::GetAttr { obj, .. }) if self.is_named(obj) => LoopKind::ForName,
                        // `for i, x in enumerate(xs)`, `for x, y in zip(xs, ys)`: of named
                        // iterables (and a start that is a name or a constant).
                        Some(call @ Expr::Call { .. }) if self.is_paired_iterable(call) => LoopKind::ForName,
                        // `for k, v in d.items()`: a view of a named dict.
                        Some(Expr::Call { func, args, kwargs }) if args.is_empty() && kwargs.is_empty() => {
                            match self.temp_defs.get(func) {
                                Some(Expr::GetAttr { obj, attr })
                                    if self.is_named(obj)
                                        && crate::types::DictViewKind::from_method(attr).is_some() =>
                                {
                                    LoopKind::ForName
                                }
                                _ => LoopKind::ForOther,
                            }
                        }
                        _ => LoopKind::ForOther,
                    },
                    _ => LoopKind::ForOther,
                };
                let mut needed: Vec<&Var> = vec![arg];
                for (i, inst) in pre.insts.iter().enumerate().rev() {
                    if let InstKind::Assign { target, value } = &inst.kind {
                        if target.is_temp() && needed.contains(&target) {
                            slice.push((b, i));
                            expr_uses(value, &mut needed);
                        }
                    }
                }
            }
        }
        // The body's first instruction binds the next value to one name: follow the
        // header's `pair_first` into the body's parameter that receives it.
        let next_value = header.insts.iter().find_map(|i| match &i.kind {
            InstKind::Assign { target, value: Expr::PairFirst(_) } => Some(target),
            _ => None,
        });
        let target_ok = match (&header.terminator, next_value) {
            (Terminator::Branch { then, .. }, Some(next_value)) => {
                let position = then.args.iter().position(|a| a == next_value);
                self.block_of(then.block.0).is_some_and(|(_, next)| {
                    let value = position.and_then(|p| next.params.get(p));
                    next.insts.iter().find(|i| !matches!(i.kind, InstKind::Del(_))).is_some_and(|i| {
                        matches!(&i.kind, InstKind::Assign { target, value: Expr::Var(v) } if Some(v) == value && self.is_slot(target))
                            || matches!(&i.kind, InstKind::StoreName { value: v, .. } if Some(v) == value)
                            // `for k, v in ...`: unpacked into names.
                            || matches!(&i.kind, InstKind::Assign { target, value: Expr::ExhaustIter { value: v, .. } }
                                if Some(v) == value && target.is_temp())
                    })
                })
            }
            _ => false,
        };
        (kind, slice, target_ok)
    }

    /// Whether an instruction may run in a lifted loop; records the module functions it
    /// calls.
    fn check_inst(&self, block: &'f Block, i: usize, calls: &mut BTreeSet<String>) -> Result<(), NotLiftable> {
        let inst = &block.insts[i];
        let line = inst.line;
        let effect = |what: String| Err(NotLiftable::Effect { line, what });
        match &inst.kind {
            InstKind::Assign { value, .. } => self.check_expr(value, line, calls),
            InstKind::StoreName { .. } if self.module => Ok(()),
            InstKind::SetItem { obj, index, .. } => {
                if !self.is_named(obj) {
                    return effect("stores an item of an expression".to_owned());
                }
                if matches!(self.temp_defs.get(index), Some(Expr::BuildSlice(_))) {
                    return effect("stores a slice".to_owned());
                }
                Ok(())
            }
            InstKind::Del(var) if self.is_user_del(block, i) => effect(format!("deletes {var}")),
            InstKind::Del(_) => Ok(()),
            InstKind::Discard(Expr::Var(var))
                if block.insts.get(i + 1).is_some_and(|n| n.kind == InstKind::Del(var.clone())) =>
            {
                effect(format!("deletes {var}"))
            }
            InstKind::DelName(name) => effect(format!("deletes {name}")),
            InstKind::Discard(_) => effect("an expression statement".to_owned()),
            InstKind::StoreGlobal { name, .. } => effect(format!("stores the global {name}")),
            InstKind::StoreDeref { name, .. } | InstKind::DelDeref(name) | InstKind::MakeCell(name) => {
                Err(NotLiftable::Cell { line, name: name.clone() })
            }
            // A field of an object: written to its copy, as list items are.
            InstKind::SetAttr { .. } => Ok(()),
            other => effect(inst_name(other).to_owned()),
        }
    }

    fn check_expr(&self, expr: &'f Expr, line: u32, calls: &mut BTreeSet<String>) -> Result<(), NotLiftable> {
        let effect = |what: &str| Err(NotLiftable::Effect { line, what: what.to_owned() });
        match expr {
            Expr::Var(_) | Expr::SavedLocal(_) | Expr::Global(_) | Expr::Name(_) => Ok(()),
            Expr::Binary { op, .. } | Expr::Inplace { op, .. } => match crate::ops::operator(*op) {
                Some(entry) if entry.effects.liftable() => Ok(()),
                _ => effect(&format!("the operator {}", op.symbol())),
            },
            Expr::Compare { .. } | Expr::Unary { .. } | Expr::Truth(_) => Ok(()),
            Expr::BuildTuple(_) | Expr::ExhaustIter { .. } | Expr::StaticGetItem { .. } => Ok(()),
            Expr::GetIter(_)
            | Expr::RangeIter { .. }
            | Expr::IterNext(_)
            | Expr::PairFirst(_)
            | Expr::PairSecond(_) => Ok(()),
            Expr::Const(c) if real_constant(c) => Ok(()),
            Expr::Const(_) => effect("a constant that is not a real number"),
            Expr::Deref(name) => Err(NotLiftable::Cell { line, name: name.clone() }),
            // A native module's function or constant, or a field of an object (typing
            // decides whether it is one: a plain class's instance, copied in).
            Expr::GetAttr { .. } => Ok(()),
            Expr::GetItem { obj, index } => {
                if !self.is_named(obj) {
                    return effect("reads an item of an expression");
                }
                if matches!(self.temp_defs.get(index), Some(Expr::BuildSlice(_))) {
                    return effect("reads a slice");
                }
                Ok(())
            }
            Expr::Call { func, kwargs, .. } => {
                if !kwargs.is_empty() {
                    return effect("calls with keyword arguments");
                }
                if let Some(name) = self.loaded_name(func) {
                    if !crate::ops::builtin_op(name).is_some_and(|op| op.effects.liftable()) {
                        calls.insert(name.to_owned());
                    }
                    return Ok(());
                }
                match self.temp_defs.get(func) {
                    Some(Expr::GetAttr { obj, .. })
                        if self.loaded_name(obj).is_some_and(crate::ops::is_native_module) =>
                    {
                        Ok(())
                    }
                    // A dict's lookups and views, on a named value (typing decides whether
                    // it is a dict native code takes: they change nothing).
                    Some(Expr::GetAttr { obj, attr })
                        if self.is_named(obj) && crate::types::DictViewKind::is_reading_method(attr) =>
                    {
                        Ok(())
                    }
                    Some(Expr::GetAttr { attr, .. }) => {
                        Err(NotLiftable::Effect { line, what: format!("calls the method {attr}") })
                    }
                    _ => effect("calls a value that is not a named function"),
                }
            }
            Expr::Yield(_) => effect("yields"),
            other => Err(NotLiftable::Effect { line, what: expr_name(other).to_owned() }),
        }
    }

    /// Names not bound on entry that every read in an iteration finds bound (sorted), and
    /// the first read that may find a name unbound.
    #[allow(clippy::too_many_arguments)]
    fn bound_in_iteration(
        &self,
        lp: &crate::cfg::Loop,
        body: &BTreeSet<u32>,
        members: &[Position],
        iterator: &BTreeSet<Position>,
        entry_bound: &BTreeSet<String>,
        reads: &BTreeSet<String>,
        assigned: &BTreeSet<String>,
        in_loop_blocks: &BTreeSet<usize>,
    ) -> (Vec<String>, Option<(u32, String)>) {
        // At module level a name the loop does not assign is a global read (a function,
        // a module): only names it assigns must be bound before they are read.
        let watched: BTreeSet<&String> =
            reads.iter().filter(|n| !entry_bound.contains(*n) && (!self.module || assigned.contains(*n))).collect();
        if watched.is_empty() {
            return (Vec::new(), None);
        }
        let member_set: BTreeSet<Position> = members.iter().copied().collect();
        let header = self.index[&BlockId(lp.header)];
        let mut state_in: BTreeMap<usize, Option<BTreeSet<String>>> =
            in_loop_blocks.iter().map(|&b| (b, None)).collect();
        state_in.insert(header, Some(BTreeSet::new()));
        let mut changed = true;
        while changed {
            changed = false;
            for &b in in_loop_blocks {
                let Some(Some(start)) = state_in.get(&b).cloned() else { continue };
                let block = &self.func.blocks[b];
                let mut bound = start;
                for i in 0..block.insts.len() {
                    self.transfer(&mut bound, block, i);
                }
                for edge in block.terminator.edges() {
                    let Some(&s) = self.index.get(&edge.block) else { continue };
                    if s == header || !state_in.contains_key(&s) {
                        continue;
                    }
                    if let Some(slot) = state_in.get_mut(&s) {
                        changed |= meet(slot, &bound);
                    }
                }
            }
        }
        let mut first_unbound: Option<(u32, String)> = None;
        let mut failed: BTreeSet<String> = BTreeSet::new();
        for &b in in_loop_blocks {
            let Some(Some(mut bound)) = state_in.get(&b).cloned() else { continue };
            let block = &self.func.blocks[b];
            for (i, inst) in block.insts.iter().enumerate() {
                if member_set.contains(&(b, i)) && !iterator.contains(&(b, i)) {
                    for name in self.reads_of(&inst.kind) {
                        if watched.contains(&name)
                            && !bound.contains(&name)
                            && failed.insert(name.clone())
                            && first_unbound.as_ref().is_none_or(|(l, _)| inst.line < *l)
                        {
                            first_unbound = Some((inst.line, name));
                        }
                    }
                }
                self.transfer(&mut bound, block, i);
            }
            if body.contains(&block.id.0) && !matches!(block.terminator, Terminator::Return(_)) {
                let mut uses = Vec::new();
                terminator_uses(&block.terminator, &mut uses);
                for var in uses.into_iter().filter(|v| !self.module && self.is_slot(v)) {
                    if watched.contains(&var.0) && !bound.contains(&var.0) && failed.insert(var.0.clone()) {
                        first_unbound.get_or_insert((block.terminator_line, var.0.clone()));
                    }
                }
            }
        }
        let bound: Vec<String> = watched.into_iter().filter(|n| !failed.contains(*n)).cloned().collect();
        (bound, first_unbound)
    }

    /// The named locals live just before instruction `cut` of block `b`.
    fn live_before(&self, b: usize, cut: usize) -> BTreeSet<String> {
        let block = &self.func.blocks[b];
        let mut live: BTreeSet<String> = self
            .liveness
            .live_out
            .get(&block.id)
            .map(|set| set.iter().filter(|v| self.is_slot(v)).map(|v| v.0.clone()).collect())
            .unwrap_or_default();
        let mut uses = Vec::new();
        terminator_uses(&block.terminator, &mut uses);
        if let Some(unwind) = &block.unwind {
            uses.extend(unwind.args.iter());
        }
        live.extend(uses.into_iter().filter(|v| self.is_slot(v)).map(|v| v.0.clone()));
        for inst in block.insts[cut..].iter().rev() {
            if let InstKind::Assign { target, .. } | InstKind::Del(target) = &inst.kind {
                live.remove(&target.0);
            }
            let mut uses = Vec::new();
            inst_uses(&inst.kind, &mut uses);
            live.extend(uses.into_iter().filter(|v| self.is_slot(v)).map(|v| v.0.clone()));
        }
        live
    }
}

/// A block's first line: its first instruction's, or its terminator's.
fn block_line(block: &Block) -> u32 {
    block.insts.first().map_or(block.terminator_line, |i| i.line)
}

/// Meets `incoming` into a block's entry set; whether it changed (`None` is "not reached
/// yet", the top of the lattice).
fn meet(slot: &mut Option<BTreeSet<String>>, incoming: &BTreeSet<String>) -> bool {
    match slot {
        None => {
            *slot = Some(incoming.clone());
            true
        }
        Some(current) => {
            let before = current.len();
            current.retain(|v| incoming.contains(v));
            current.len() != before
        }
    }
}

/// Numbers (not complex), booleans, `None`, and tuples of them: constants native code
/// holds without objects.
fn real_constant(c: &Const) -> bool {
    match c {
        Const::None | Const::Bool(_) | Const::Int(_) | Const::BigInt(_) | Const::Float(_) => true,
        Const::Tuple(items) => items.iter().all(real_constant),
        _ => false,
    }
}

/// What an operation a lifted loop may not run does, for the refusal.
fn expr_name(expr: &Expr) -> &'static str {
    match expr {
        Expr::BuildList(_) | Expr::ListAppend { .. } | Expr::ListExtend { .. } | Expr::UnpackEx { .. } => {
            "builds a list"
        }
        Expr::BuildSet(_) | Expr::SetAdd { .. } | Expr::SetUpdate { .. } => "builds a set",
        Expr::BuildMap(_) | Expr::MapAdd { .. } | Expr::DictUpdate { .. } | Expr::DictMerge { .. } => "builds a dict",
        Expr::BuildString(_) | Expr::Format { .. } => "formats a string",
        Expr::GetSlice { .. } | Expr::BuildSlice(_) => "takes a slice",
        Expr::CallEx { .. } => "calls with * or ** arguments",
        Expr::MakeFunction { .. } => "defines a function",
        Expr::Import { .. } | Expr::ImportFrom { .. } => "imports",
        Expr::BuildClass => "defines a class",
        _ => "an operation native code does not run",
    }
}

fn inst_name(kind: &InstKind) -> &'static str {
    match kind {
        InstKind::SetSlice { .. } => "stores a slice",
        InstKind::DelAttr { .. } | InstKind::DelItem { .. } | InstKind::DelGlobal(_) => "deletes",
        InstKind::StoreName { .. } => "stores a name",
        InstKind::PopExcept(_) => "handles an exception",
        _ => "a statement native code does not run",
    }
}

impl fmt::Display for LiftPlan {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        if let Some(refusal) = &self.scope_refusal {
            writeln!(f, "no loop lifted: {refusal}")?;
        }
        if self.loops.is_empty() {
            return writeln!(f, "no loops");
        }
        let names = |list: &[String]| if list.is_empty() { "-".to_owned() } else { list.join(", ") };
        for lp in &self.loops {
            write!(
                f,
                "loop at line {} (lines {}-{}), {}, header block{}",
                lp.line, lp.line, lp.last_line, lp.kind, lp.header
            )?;
            match lp.enclosing {
                Some(outer) => writeln!(f, ", inside the loop at line {outer}")?,
                None => writeln!(f)?,
            }
            writeln!(f, "    reads:              {}", names(&lp.reads))?;
            writeln!(f, "    assigned:           {}", names(&lp.assigned))?;
            writeln!(f, "    live-in:            {}", names(&lp.live_in))?;
            writeln!(f, "    live-out:           {}", names(&lp.live_out))?;
            writeln!(f, "    bound by iteration: {}", names(&lp.bound_by_iteration))?;
            writeln!(f, "    returns:            {}", lp.returns)?;
            if !lp.calls.is_empty() {
                writeln!(f, "    calls:              {} (each must compile whole)", lp.calls.join(", "))?;
            }
            match &lp.verdict {
                Ok(()) => writeln!(f, "    liftable")?,
                Err(reason) => writeln!(f, "    not liftable: {reason}")?,
            }
        }
        Ok(())
    }
}
