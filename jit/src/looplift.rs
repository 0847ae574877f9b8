//! Automatic mode's source transformation, on the parsed module before it is compiled:
//! dispatchers on the functions that may compile whole, and loop-lifting everywhere.
//!
//! The transformed code names pynum's run-time objects only as attributes of one
//! reserved name, [`RUNTIME`] (`__pynum__.auto`, `__pynum__.pynum_loop_f_12_0`), which
//! is never bound: `vm/src/hidden_names.rs` links each such load to a constant holding
//! the object, so the program sees no name of pynum's.
//!
//! 1. A candidate function (chosen by [`crate::auto::is_candidate`] on its bytecode) gets
//!    the `__pynum__.auto` decorator, innermost, so the user's decorators still apply on
//!    top and no line moves.
//! 2. In every top-level function, method and in the module's own code, each outermost
//!    `for ... in range(...)`, `for ... in <name>` or `while` loop whose body only
//!    computes on numbers and items of named lists (at the top of a suite, inside `if`
//!    branches, or inside loops that are not themselves liftable) becomes a call to a
//!    hidden function `__pynum_loop_<f>_<line>_<k>` ([`HiddenFunction`], compiled on its
//!    own and never bound to a name): the names the loop needs go in, the names read
//!    elsewhere come back. The loop itself stays where it was, as the `else` of that
//!    call, for the interpreter to run when native code does not, and that copy has its
//!    own inner loops lifted (so when the outer loop does not type, the inner ones may):
//!
//!    ```text
//!    for (total, best) in __pynum__.pynum_loop_f_12_0(n, total, best):
//!        break
//!    else:
//!        <the loop as written, with its own line numbers>
//!    ```
//!
//! A loop with `return` inside (in its body, not in an `else` clause) is lifted too,
//! with a control point: the hidden function's copy sets `__pynum_cp = k` and breaks
//! out of every loop at the k-th `return`, and hands back the control point first; the
//! caller then runs that `return` as written (the value evaluated once, in its frame, on
//! its line), after unbinding `__pynum_cp`. A loop whose body always leaves has no back
//! edge and is not lifted (Numba's rule).
//!
//! Assumes the module parsed and compiled as written (so the AST is valid Python), and
//! a lift plan per code object ([`crate::lift_plan`]): a loop is lifted only when its
//! plan finds it liftable, and its hidden function takes and hands back the plan's names
//! (a name it hands back that only its iterations bind is unbound after zero
//! iterations: native code then deoptimizes, [`crate::unbound`], and the loop as written
//! runs instead). This pass checks only what the splice cannot express: private names
//! of a method (mangled in its class), a `return` at module level, and an `else` clause
//! storing or reading a name outside the plan's (the IR sees that clause as code after
//! the loop). Anything else stays as written.

use std::collections::BTreeSet;

use ruff_text_size::{Ranged, TextRange};
use rustc_hash::FxHashSet;

use crate::types::DictViewKind;
use rustpython_compiler::ast::{
    self, name::Name, visitor, visitor::Visitor, AtomicNodeIndex, Expr, ExprContext, Identifier, Number, Stmt,
};

type Names = FxHashSet<String>;

/// The one reserved name the transformed code mentions: every reference to pynum's
/// run-time objects is an attribute of it (`__pynum__.auto`, `__pynum__.tick`,
/// `__pynum__.pynum_loop_f_12_0`). The name is never bound anywhere: after codegen,
/// `vm/src/hidden_names.rs` turns each such load into a constant holding the object. A
/// dunder name, so the compiler does not mangle it in a class.
pub const RUNTIME: &str = "__pynum__";
/// `__pynum__.auto`: the dispatcher factory automatic mode puts on candidates whose
/// loops all start cold (each moves into native code on its own once it is hot, so the
/// function compiles as a whole only once it is called often).
pub const AUTO: &str = "auto";
/// `__pynum__.auto_first_call`: the factory for candidates with a loop lifting did not
/// take that may run long whatever the size of the function's inputs (a `while` loop,
/// nested loops: see [`bounded_by_inputs`]): it runs natively only in a compile of the
/// whole function, so the whole function compiles at its first call.
pub const AUTO_FIRST_CALL: &str = "auto_first_call";
/// `__pynum__.auto_lifted`: the factory for candidates with loops that do not start cold
/// but wait for their inputs: lifted without an on-stack copy (each compiles at its own
/// entries, or waits while they are small), or left as written with iterations bounded
/// by the inputs' size. The whole function compiles at a call with big inputs or once
/// its interpreted calls have paid for it; policies that count alone compile it at its
/// first call (`JitConfig::lifted_function_threshold`).
pub const AUTO_LIFTED: &str = "auto_lifted";
/// `__pynum__.auto_lifted_by(name, ...)`: [`AUTO_LIFTED`] for a function whose waiting
/// loops are all bounded by the named parameters and globals: only their sizes make a
/// call big (an int argument that only indexes, `xs.insert(2**62, x)`, does not).
pub const AUTO_LIFTED_BY: &str = "auto_lifted_by";

/// Builtins a lifted loop may call: native code implements them (the ops registry's
/// liftable builtins). Anything else might recurse through Python frames, and a lifted
/// loop left interpreted would add a frame per level.
pub(crate) fn native_builtins() -> impl Iterator<Item = String> {
    crate::ops::liftable_builtins().map(str::to_owned)
}

/// What the transformation did: the functions it decorated and the hidden functions the
/// transformed module refers to (compiled on their own, never bound to a name).
#[derive(Debug, Default, Clone, PartialEq)]
pub struct Lifting {
    /// Functions that got the dispatcher decorator.
    pub decorated: Vec<String>,
    /// Those of them with a loop that does not start cold (decorated with
    /// [`AUTO_FIRST_CALL`], or [`AUTO_LIFTED`] when every such loop waits for its inputs).
    pub first_call: Vec<String>,
    /// Hidden loop functions, in the order they were made.
    pub lifted: Vec<HiddenFunction>,
    /// Loops the AST found liftable that stay as written because the lift plan (on the
    /// IR) does not agree: `<code> line <n>: <why>`.
    pub declined: Vec<String>,
}

impl Lifting {
    pub fn changed(&self) -> bool {
        !self.decorated.is_empty() || !self.lifted.is_empty()
    }
}

/// Rewrites `module` in place. `source` is the text it was parsed from (for line
/// numbers); `candidates` names the top-level functions to put under a dispatcher;
/// `defined_globals` names globals bound before the module's code starts (the REPL's
/// earlier lines), which module-level loops may take as inputs.
pub fn transform(
    module: &mut ast::ModModule,
    source: &str,
    analyses: &[crate::Analysis],
    candidates: &[String],
    defined_globals: &[String],
    loops_start_cold: bool,
) -> Lifting {
    let callable: Names = candidates.iter().cloned().chain(native_builtins()).collect();
    // A global the code itself may delete is not reliably bound.
    let deleted = deleted_names(&module.body);
    let defined: Vec<String> = defined_globals.iter().filter(|n| !deleted.contains(*n)).cloned().collect();
    // What the IR says about each loop: the lift decides on it, the AST only splices.
    let plans = crate::lift_plan::module_plans(analyses, &defined);
    crate::coverage::record_lift_plans(plans.values());
    let mut lifting = Lifting::default();
    let mut counter = 0;
    let mut body = Vec::with_capacity(module.body.len());
    for mut stmt in std::mem::take(&mut module.body) {
        match &mut stmt {
            Stmt::FunctionDef(func) => {
                let name = func.name.to_string();
                let plan = plans.get(&name);
                let lifted =
                    lift_in_function(func, &name, None, plan, source, &callable, &mut counter, loops_start_cold);
                lifting.lifted.extend(lifted.hidden);
                lifting.declined.extend(lifted.declined);
                if candidates.iter().any(|c| c.as_str() == func.name.as_str()) {
                    let range = TextRange::empty(func.range.start());
                    let factory = if lifted.loops_unbounded > 0 {
                        lifting.first_call.push(func.name.to_string());
                        runtime_expr(AUTO_FIRST_CALL, range)
                    } else if lifted.loops_without_osr > 0 {
                        lifting.first_call.push(func.name.to_string());
                        match &lifted.waiting_inputs {
                            Some(inputs) => call_of(
                                runtime_expr(AUTO_LIFTED_BY, range),
                                inputs.iter().map(|name| str_expr(name, range)).collect(),
                                range,
                            ),
                            None => runtime_expr(AUTO_LIFTED, range),
                        }
                    } else {
                        runtime_expr(AUTO, range)
                    };
                    func.decorator_list.push(ast::Decorator {
                        range,
                        node_index: AtomicNodeIndex::default(),
                        expression: factory,
                    });
                    lifting.decorated.push(func.name.to_string());
                }
            }
            Stmt::ClassDef(class) => {
                for member in class.body.iter_mut() {
                    if let Stmt::FunctionDef(method) = member {
                        let name = format!("{}_{}", class.name, method.name);
                        let class_name = class.name.to_string();
                        let plan = plans.get(&format!("{}.{}", class.name, method.name));
                        let lifted = lift_in_function(
                            method,
                            &name,
                            Some(&class_name),
                            plan,
                            source,
                            &callable,
                            &mut counter,
                            loops_start_cold,
                        );
                        lifting.lifted.extend(lifted.hidden);
                        lifting.declined.extend(lifted.declined);
                    }
                }
            }
            _ => {}
        }
        body.push(stmt);
    }
    // Module level last.
    let mut lifter = Lifter {
        scope: Scope::Module,
        prefix: "module".to_owned(),
        plan: plans.get("<module>"),
        declined: Vec::new(),
        source,
        effect_calls: true,
        callable: &callable,
        counter: &mut counter,
        hidden: Vec::new(),
        loops_start_cold,
        in_fallback: false,
        loops_without_osr: 0,
        loops_unbounded: 0,
        waiting_inputs: None,
        function_stores: Names::default(),
    };
    let mut suite: ast::Suite = body.into();
    lifter.lift_in_suite(&mut suite);
    lifting.lifted.append(&mut lifter.hidden);
    lifting.declined.append(&mut lifter.declined);
    module.body = suite;
    lifting
}

/// What lifting did in one function.
#[derive(Default)]
struct LiftedInFunction {
    hidden: Vec<HiddenFunction>,
    /// Loops the plan declined (see [`Lifting::declined`]).
    declined: Vec<String>,
    /// Loops of the function's own code that do not start cold: lifted without an
    /// on-stack copy, or left as written.
    loops_without_osr: usize,
    /// Those of them left as written (only a compile of the whole function runs them
    /// natively) whose iterations the size of the function's inputs does not bound
    /// ([`bounded_by_inputs`]): the function compiles at its first call.
    loops_unbounded: usize,
    /// The parameters and globals whose size bounds every loop counted in
    /// `loops_without_osr`, or `None` when a loop's bound is not among them.
    waiting_inputs: Option<BTreeSet<String>>,
}

/// Lifts the loops of one function (or method).
#[allow(clippy::too_many_arguments)]
fn lift_in_function(
    func: &mut ast::StmtFunctionDef,
    prefix: &str,
    class: Option<&str>,
    plan: Option<&crate::lift_plan::LiftPlan>,
    source: &str,
    callable: &Names,
    counter: &mut usize,
    loops_start_cold: bool,
) -> LiftedInFunction {
    let params_node = &func.parameters;
    if func.is_async || params_node.vararg.is_some() || params_node.kwarg.is_some() {
        let loops_without_osr = func.body.iter().filter(|stmt| contains_loop(stmt)).count();
        return LiftedInFunction {
            loops_without_osr,
            loops_unbounded: loops_without_osr,
            waiting_inputs: None,
            ..LiftedInFunction::default()
        };
    }
    let function_stores = NameUse::of_stmts(func.body.iter()).stores;
    let mut lifter = Lifter {
        scope: Scope::Function { class: class.map(str::to_owned) },
        prefix: prefix.to_owned(),
        plan,
        declined: Vec::new(),
        source,
        effect_calls: class.is_some() || !callable.contains(func.name.as_str()),
        callable,
        counter,
        hidden: Vec::new(),
        loops_start_cold,
        in_fallback: false,
        loops_without_osr: 0,
        loops_unbounded: 0,
        waiting_inputs: Some(BTreeSet::new()),
        function_stores,
    };
    let mut suite = std::mem::take(&mut func.body);
    lifter.lift_in_suite(&mut suite);
    func.body = suite;
    LiftedInFunction {
        hidden: lifter.hidden,
        declined: lifter.declined,
        loops_without_osr: lifter.loops_without_osr,
        loops_unbounded: lifter.loops_unbounded,
        waiting_inputs: lifter.waiting_inputs,
    }
}

/// Whether `stmt` is or holds a loop of its own code (loops of nested functions and
/// classes are theirs).
fn contains_loop(stmt: &Stmt) -> bool {
    struct Finder(bool);
    impl<'a> Visitor<'a> for Finder {
        fn visit_stmt(&mut self, stmt: &'a Stmt) {
            match stmt {
                Stmt::For(_) | Stmt::While(_) => self.0 = true,
                Stmt::FunctionDef(_) | Stmt::ClassDef(_) => {}
                _ => visitor::walk_stmt(self, stmt),
            }
        }
    }
    let mut finder = Finder(false);
    finder.visit_stmt(stmt);
    finder.0
}

/// Names a `del` statement anywhere in `body` deletes.
pub(crate) fn deleted_names(body: &[Stmt]) -> Names {
    #[derive(Default)]
    struct Deletes(Names);
    impl<'a> Visitor<'a> for Deletes {
        fn visit_expr(&mut self, expr: &'a Expr) {
            if let Expr::Name(name) = expr {
                if name.ctx == ExprContext::Del {
                    self.0.insert(name.id.to_string());
                }
            }
            visitor::walk_expr(self, expr);
        }
    }
    let mut deletes = Deletes::default();
    for stmt in body {
        deletes.visit_stmt(stmt);
    }
    deletes.0
}

/// Whether module-level code has an expression statement (outside functions and
/// classes): the REPL echoes those, so such a block must not change compile mode.
pub fn has_expression_statements(source: &str) -> bool {
    struct Finder(bool);
    impl<'a> Visitor<'a> for Finder {
        fn visit_stmt(&mut self, stmt: &'a Stmt) {
            match stmt {
                Stmt::Expr(_) => self.0 = true,
                Stmt::FunctionDef(_) | Stmt::ClassDef(_) => {}
                _ => visitor::walk_stmt(self, stmt),
            }
        }
    }
    let Ok(parsed) = rustpython_compiler::parser::parse_module(source) else { return true };
    let mut finder = Finder(false);
    for stmt in &parsed.syntax().body {
        finder.visit_stmt(stmt);
    }
    finder.0
}

/// Every name a piece of code loads and stores in its own scope, and every name used in
/// a scope nested inside it.
#[derive(Default)]
pub(crate) struct NameUse {
    pub(crate) loads: Names,
    pub(crate) stores: Names,
    /// Names that appear in a nested function, class, lambda or comprehension (maybe
    /// free variables there, so cells here).
    pub(crate) nested: Names,
    /// Names declared `global` or `nonlocal`.
    pub(crate) declared: Names,
    nesting: usize,
}

impl NameUse {
    pub(crate) fn of_stmts<'a>(stmts: impl IntoIterator<Item = &'a Stmt>) -> NameUse {
        let mut names = NameUse::default();
        for stmt in stmts {
            names.visit_stmt(stmt);
        }
        names
    }

    pub(crate) fn of_expr(expr: &Expr) -> NameUse {
        Self::of_exprs(std::slice::from_ref(expr))
    }

    pub(crate) fn of_exprs(exprs: &[Expr]) -> NameUse {
        let mut names = NameUse::default();
        for expr in exprs {
            names.visit_expr(expr);
        }
        names
    }

    pub(crate) fn mentions(&self, name: &str) -> bool {
        self.loads.contains(name) || self.stores.contains(name)
    }
}

impl<'a> Visitor<'a> for NameUse {
    fn visit_stmt(&mut self, stmt: &'a Stmt) {
        match stmt {
            Stmt::FunctionDef(ast::StmtFunctionDef { name, .. }) | Stmt::ClassDef(ast::StmtClassDef { name, .. }) => {
                if self.nesting == 0 {
                    self.stores.insert(name.to_string());
                }
                self.nesting += 1;
                visitor::walk_stmt(self, stmt);
                self.nesting -= 1;
            }
            Stmt::Global(ast::StmtGlobal { names, .. }) | Stmt::Nonlocal(ast::StmtNonlocal { names, .. }) => {
                self.declared.extend(names.iter().map(|n| n.to_string()));
            }
            Stmt::AugAssign(ast::StmtAugAssign { target, .. }) => {
                // `x += 1` reads `x` as well (the AST marks the target as a store only).
                if let Expr::Name(name) = target.as_ref() {
                    self.record(name.id.as_str(), ExprContext::Load);
                }
                visitor::walk_stmt(self, stmt);
            }
            _ => visitor::walk_stmt(self, stmt),
        }
    }

    fn visit_expr(&mut self, expr: &'a Expr) {
        match expr {
            Expr::Name(name) => self.record(name.id.as_str(), name.ctx),
            Expr::Lambda(_) | Expr::ListComp(_) | Expr::SetComp(_) | Expr::DictComp(_) | Expr::Generator(_) => {
                self.nesting += 1;
                visitor::walk_expr(self, expr);
                self.nesting -= 1;
            }
            _ => visitor::walk_expr(self, expr),
        }
    }
}

impl NameUse {
    fn record(&mut self, name: &str, ctx: ExprContext) {
        if self.nesting > 0 {
            self.nested.insert(name.to_owned());
            return;
        }
        match ctx {
            ExprContext::Load => {
                self.loads.insert(name.to_owned());
            }
            ExprContext::Store => {
                self.stores.insert(name.to_owned());
            }
            _ => {
                self.loads.insert(name.to_owned());
                self.stores.insert(name.to_owned());
            }
        }
    }
}

/// A lifted loop's hidden function: a module-level definition compiled on its own. The
/// transformed code refers to it as `__pynum__.<reference>`.
#[derive(Debug, Clone, PartialEq)]
pub struct HiddenFunction {
    /// `__pynum_loop_<f>_<line>_<k>`: the function's name and qualified name, as logs
    /// show it.
    pub name: String,
    /// The line of the loop it runs.
    pub line: usize,
    /// The definition, without decorators.
    pub def: Stmt,
    /// When it compiles.
    pub start: LoopStart,
    /// For a [`LoopStart::Deferrable`] loop, the names its iterable reads (its parameters
    /// or globals, sorted): their values at an entry tell how many iterations it has.
    pub trip_names: Vec<String>,
}

/// When a lifted loop's hidden function compiles.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum LoopStart {
    /// At its first entry.
    FirstEntry,
    /// The caller also keeps a counting copy of the loop (on-stack replacement): once its
    /// iterations over all entries make it hot.
    OnStack,
    /// A `for` loop without an on-stack copy, whose interpreted copy
    /// iterates through `__pynum__.timed`: a policy that weighs time may leave
    /// entries with small inputs to the interpreter until their measured time pays for a
    /// compile. Its iterations are bounded by what it iterates over, and the loops inside
    /// its interpreted copy are lifted and compile on their own.
    Deferrable,
}

impl LoopStart {
    /// The number the transform cache keeps.
    pub fn code(self) -> u8 {
        match self {
            LoopStart::FirstEntry => 0,
            LoopStart::OnStack => 1,
            LoopStart::Deferrable => 2,
        }
    }

    pub fn from_code(code: u8) -> Option<LoopStart> {
        match code {
            0 => Some(LoopStart::FirstEntry),
            1 => Some(LoopStart::OnStack),
            2 => Some(LoopStart::Deferrable),
            _ => None,
        }
    }
}

impl HiddenFunction {
    /// The attribute of [`RUNTIME`] that names it in the transformed code: its name
    /// without the leading `__`, which a class would mangle.
    pub fn reference(&self) -> &str {
        reference_of(&self.name)
    }
}

fn reference_of(name: &str) -> &str {
    name.trim_start_matches('_')
}

/// Where the loops being lifted live.
enum Scope {
    Function {
        /// A method's class: private names are mangled in the class and not outside.
        class: Option<String>,
    },
    /// Module level: every name is a global.
    Module,
}

/// Lifting inside one function, method, or the module's own code.
struct Lifter<'s, 'c> {
    scope: Scope,
    /// `f` in `__pynum_loop_f_12_0`.
    prefix: String,
    /// The lift plan of this code (`None` when its source did not compile on its own):
    /// which loops may be lifted and the names they take and hand back.
    plan: Option<&'s crate::lift_plan::LiftPlan>,
    /// Loops the plan declined (see [`Lifting::declined`]).
    declined: Vec<String>,
    source: &'s str,
    /// Whether a loop may hold a statement that only calls a function (see
    /// `pure_stmt`): not in a function that compiles whole.
    effect_calls: bool,
    callable: &'s Names,
    counter: &'c mut usize,
    hidden: Vec<HiddenFunction>,
    /// Whether loops that allow it start cold and move into native code at their
    /// header once hot (on-stack replacement; the dispatcher counts); otherwise every
    /// loop compiles at its first entry.
    loops_start_cold: bool,
    /// Inside the interpreter's copy of a lifted loop: inner loops there compile at
    /// their entries (an on-stack copy at every level would multiply the code).
    in_fallback: bool,
    /// Loops of this code (outside the interpreter's copies of lifted loops) that do not
    /// start cold: lifted without an on-stack copy, or left as written (a loop the plan
    /// declined, a loop inside a statement lifting does not enter).
    loops_without_osr: usize,
    /// Those of them left as written that [`bounded_by_inputs`] does not call bounded.
    loops_unbounded: usize,
    /// The parameters and globals whose size bounds the loops counted in
    /// `loops_without_osr` (what their iterables read), `None` once one loop's bound is
    /// something else (a local the function computes, a `while` condition).
    waiting_inputs: Option<BTreeSet<String>>,
    /// The names the function's code assigns: any other name a loop iterates over is a
    /// parameter or a global, whose size a call's dispatcher can read.
    function_stores: Names,
}

impl Lifter<'_, '_> {
    /// A loop that does not start cold waits for the inputs `iterable` reads (`None`:
    /// for something else), which then decide whether a call of the function is big.
    fn waits_for(&mut self, iterable: Option<&Expr>) {
        let names = iterable.map(|iter| NameUse::of_expr(iter).loads);
        match (&mut self.waiting_inputs, names) {
            (Some(inputs), Some(names)) if names.iter().all(|n| !self.function_stores.contains(n)) => {
                inputs.extend(names)
            }
            _ => self.waiting_inputs = None,
        }
    }

    /// Lifts the liftable loops of `suite`.
    fn lift_in_suite(&mut self, suite: &mut ast::Suite) {
        let mut out: Vec<Stmt> = Vec::with_capacity(suite.len());
        for mut stmt in std::mem::take(suite) {
            let lifted = if matches!(stmt, Stmt::For(_) | Stmt::While(_))
                && liftable_shape(&stmt, self.callable, self.effect_calls)
            {
                self.lift(&mut stmt)
            } else {
                None
            };
            match lifted {
                Some(call) => stmt = call,
                None => {
                    // `descend` enters loops and `if`s; a loop anywhere else stays
                    // as written with everything in it.
                    let stays = match &stmt {
                        Stmt::For(_) | Stmt::While(_) => true,
                        Stmt::If(_) => false,
                        other => contains_loop(other),
                    };
                    if stays && !self.in_fallback {
                        self.loops_without_osr += 1;
                        if bounded_by_inputs(&stmt, &self.function_stores) {
                            let Stmt::For(ast::StmtFor { iter, .. }) = &stmt else { unreachable!() };
                            self.waits_for(Some(iter));
                        } else {
                            self.loops_unbounded += 1;
                            self.waits_for(None);
                        }
                    }
                    self.descend(&mut stmt)
                }
            }
            out.push(stmt);
        }
        *suite = out.into();
    }

    /// Lifts inside the suites of a statement that was not lifted itself.
    fn descend(&mut self, stmt: &mut Stmt) {
        match stmt {
            Stmt::For(ast::StmtFor { body, orelse, .. }) | Stmt::While(ast::StmtWhile { body, orelse, .. }) => {
                self.lift_in_suite(body);
                self.lift_in_suite(orelse);
            }
            Stmt::If(ast::StmtIf { body, elif_else_clauses, .. }) => {
                self.lift_in_suite(body);
                for clause in elif_else_clauses {
                    self.lift_in_suite(&mut clause.body);
                }
            }
            _ => {}
        }
    }

    /// The call statement that replaces `loop_stmt`, having recorded the hidden function;
    /// `None` when lifting would not be exact.
    fn lift(&mut self, loop_stmt: &mut Stmt) -> Option<Stmt> {
        let loop_range = loop_stmt.range();
        let at = TextRange::empty(loop_range.start());
        // With a `return` in the loop, the hidden function stops at a control point
        // instead, and the caller evaluates the returned value: what the loop needs is
        // measured on that copy.
        let return_sites = return_statements(loop_stmt);
        let routed = (!return_sites.is_empty()).then(|| {
            let mut copy = loop_stmt.clone();
            route_returns_to_control_points(loop_body_mut(&mut copy), &mut 0, at);
            copy
        });
        let names = NameUse::of_stmts([routed.as_ref().unwrap_or(loop_stmt)]);
        // What the splice itself cannot express: a method's private names are mangled in
        // its class and would not be in the module-level hidden function, and a `return`
        // at module level has no caller to evaluate it.
        let private = |n: &String| n.starts_with("__") && !n.ends_with("__");
        match &self.scope {
            Scope::Function { class: Some(_) } if names.loads.iter().chain(&names.stores).any(private) => return None,
            Scope::Module if !return_sites.is_empty() => return None,
            _ => {}
        }
        // The plan decides whether the loop lifts and which names go in and come back.
        let line = line_of(self.source, loop_range);
        let (inputs, outputs) = match self.planned_names(line, loop_suites(loop_stmt).1) {
            Ok(names) => names,
            Err(why) => {
                self.declined.push(format!("{} line {line}: {why}", self.prefix));
                return None;
            }
        };
        let number = *self.counter;
        *self.counter += 1;
        let name = format!("__pynum_loop_{}_{}_{}", self.prefix, line, number);
        // With return sites, the first item handed back is the control point: 0 when the
        // loop ended, k when it stopped at the k-th `return`.
        let handed_back: Vec<String> = if return_sites.is_empty() {
            outputs.clone()
        } else {
            std::iter::once(CONTROL_POINT.to_owned()).chain(outputs.iter().cloned()).collect()
        };
        let result = tuple_expr(&handed_back, ExprContext::Load, at);
        let return_stmt = Stmt::Return(ast::StmtReturn {
            node_index: AtomicNodeIndex::default(),
            range: at,
            value: Some(Box::new(result)),
        });
        // A loop entered cold runs in the interpreter, its hidden function counting the
        // iterations, and moves into native code at its header once it is hot (on-stack
        // replacement).
        let osr = if self.loops_start_cold && !self.in_fallback { osr_header(loop_stmt, &names.stores) } else { None };
        let mut parameters: Vec<String> = inputs.clone();
        let mut entry_args: Vec<Expr> = inputs.iter().map(|i| name_expr(i, ExprContext::Load, at)).collect();
        if let Some(OsrHeader::Range { start, .. }) = &osr {
            parameters.insert(0, START_PARAMETER.to_owned());
            entry_args.insert(0, start.clone());
        }
        let hidden_ref = || runtime_expr(reference_of(&name), at);
        let call = call_of(hidden_ref(), entry_args, at);
        // `for (outputs) in hidden(inputs): break` / `else: <the loop as written>`: the
        // outputs are bound when native code ran the loop, the loop runs in this frame
        // otherwise, and no name of pynum's is bound here.
        let placeholder = Stmt::Pass(ast::StmtPass { node_index: AtomicNodeIndex::default(), range: at });
        let loop_stmt = std::mem::replace(loop_stmt, placeholder);
        let mut fallback = loop_stmt.clone();
        let mut hidden_loop = routed.unwrap_or(loop_stmt);
        if osr.is_some() {
            start_from(&mut hidden_loop, START_PARAMETER, at);
        }
        let hidden_body = if return_sites.is_empty() {
            vec![hidden_loop, return_stmt]
        } else {
            vec![assign_stmt(CONTROL_POINT, number_expr(0, at), at), hidden_loop, return_stmt]
        };
        let def = Stmt::FunctionDef(ast::StmtFunctionDef {
            node_index: AtomicNodeIndex::default(),
            range: loop_range,
            is_async: false,
            decorator_list: Vec::new().into(),
            name: Identifier::new(Name::new(&name), at),
            type_params: None,
            parameters: Box::new(ast::Parameters {
                range: at,
                node_index: AtomicNodeIndex::default(),
                posonlyargs: Default::default(),
                args: parameters.iter().map(|i| parameter(i, at)).collect(),
                vararg: None,
                kwonlyargs: Default::default(),
                kwarg: None,
                runtime_defaults: None,
            }),
            returns: None,
            body: hidden_body.into(),
            runtime_decorator_list: None,
            runtime_type_comment: None,
            runtime_type_comment_bytes: None,
            runtime_body: None,
        });
        // A `for` loop may wait while what it iterates over is small, unless its iterable
        // names a big number itself (`range(10**6)`). (A `return` in its interpreted copy
        // leaves through the timed iterator too: the frame drops it, which counts the run.)
        let deferrable_iterable = match &fallback {
            Stmt::For(ast::StmtFor { iter, .. }) if !has_big_int_literal(iter) => Some(iter.as_ref()),
            _ => None,
        };
        let (start, trip_names) = match (&osr, deferrable_iterable) {
            (Some(_), _) => (LoopStart::OnStack, Vec::new()),
            (None, Some(iter)) => {
                let mut names: Vec<String> = NameUse::of_expr(iter).loads.into_iter().collect();
                names.sort();
                (LoopStart::Deferrable, names)
            }
            (None, None) => (LoopStart::FirstEntry, Vec::new()),
        };
        self.hidden.push(HiddenFunction { name: name.clone(), line, def, start, trip_names });
        if osr.is_none() && !self.in_fallback {
            self.loops_without_osr += 1;
            self.waits_for(deferrable_iterable);
        }
        // The interpreter's copy may still lift its inner loops: when this loop does not
        // type as a whole, the outermost loops inside it that do still run natively.
        let was_in_fallback = std::mem::replace(&mut self.in_fallback, true);
        self.descend(&mut fallback);
        self.in_fallback = was_in_fallback;
        // What follows a native run: at control point k the caller runs the k-th `return`
        // as written (its own line), after unbinding pynum's names; otherwise the control
        // point's name is unbound again before any code of the user's runs.
        let on_native = || -> Vec<Stmt> {
            let mut after: Vec<Stmt> = return_sites
                .iter()
                .enumerate()
                .map(|(k, site)| {
                    let test = compare_eq(CONTROL_POINT, k as u64 + 1, at);
                    if_stmt(test, vec![delete_names(&[CONTROL_POINT], at), Stmt::Return(site.clone())], at)
                })
                .collect();
            if !return_sites.is_empty() {
                after.push(delete_names(&[CONTROL_POINT], at));
            }
            after.push(break_stmt(at));
            after
        };
        let when_not_native = match osr {
            // `for x in __pynum__.timed(hidden, xs)`: an interpreted run the dispatcher
            // deferred is timed by the iteration itself, to its end however it ends (a
            // `break`, an exception), with no statement of pynum's that a tracer would
            // see as a line.
            //
            // The timed copy runs only for an entry the dispatcher deferred: `for () in
            // <hidden>:` iterates the hidden function itself, which yields `()` once
            // when such an entry waits for its run, and nothing otherwise (no call: an
            // entry the dispatcher did not defer goes straight to the loop as written,
            // as does every entry once the loop has given up, its call site jumping
            // past this statement too). Only an innermost loop gets two copies: a
            // loop's copy holds its inner loops' copies, so copying at every level
            // would double the code per level of nesting.
            None if start == LoopStart::Deferrable => {
                let timed = |mut copy: Stmt| {
                    if let Stmt::For(ast::StmtFor { iter, .. }) = &mut copy {
                        let range = iter.range();
                        let placeholder =
                            Expr::NoneLiteral(ast::ExprNoneLiteral { node_index: AtomicNodeIndex::default(), range });
                        let iterable = std::mem::replace(iter.as_mut(), placeholder);
                        **iter = call_of(runtime_expr(TIMED, range), vec![hidden_ref(), iterable], range);
                    }
                    copy
                };
                vec![timed(fallback)]
            }
            None => vec![fallback],
            Some(header) => {
                // `for () in __pynum__.osr(hidden):` runs the counting copy while the
                // hidden function may still compile, and the plain copy (`else`) once it
                // cannot. The counting copy iterates over `__pynum__.counted(...)`,
                // whose `__next__` (native, no bytecode of its own per iteration) counts
                // the iteration and stops the loop at the header of the iteration where
                // it got hot; there native code runs the rest of it, or, if it does not,
                // the loop as written runs the rest from that header, without the count.
                let mut resume_args = vec![hidden_ref()];
                let mut rest = fallback.clone();
                if let OsrHeader::Range { target, .. } = &header {
                    resume_args.push(name_expr(target, ExprContext::Load, at));
                    start_from(&mut rest, target, at);
                }
                resume_args.extend(inputs.iter().map(|i| name_expr(i, ExprContext::Load, at)));
                let resumed = for_stmt(
                    tuple_expr(&handed_back, ExprContext::Store, at),
                    call_of(runtime_expr(RESUME, at), resume_args, at),
                    on_native(),
                    vec![rest],
                    at,
                );
                let counting = counting_copy(&fallback, &header, resumed, &hidden_ref, at);
                let no_items = tuple_expr(&[], ExprContext::Store, at);
                let warm = vec![counting, break_stmt(at)];
                let wanted = call_of(runtime_expr(OSR_WANTED, at), vec![hidden_ref()], at);
                vec![for_stmt(no_items, wanted, warm, vec![fallback], at)]
            }
        };
        let mut lifted =
            for_stmt(tuple_expr(&handed_back, ExprContext::Store, at), call, on_native(), when_not_native, at);
        if let Stmt::For(for_lifted) = &mut lifted {
            for_lifted.range = loop_range;
        }
        Some(lifted)
    }
}

impl Lifter<'_, '_> {
    /// The names the loop at `line` takes and hands back (sorted), from the lift plan,
    /// when the plan finds the loop liftable; otherwise why not. `orelse` is the loop's
    /// `else` clause: the IR sees it as code after the loop (without a `break`, nothing
    /// tells them apart), while the hidden function runs it, so every name it stores must
    /// come back and every name it reads must be there.
    fn planned_names(&self, line: usize, orelse: &[Stmt]) -> Result<(Vec<String>, Vec<String>), String> {
        let plan = self.plan.ok_or("no lift plan (the source does not compile on its own)")?;
        let planned = u32::try_from(line)
            .ok()
            .and_then(|line| plan.loop_at(line))
            .ok_or("the CFG has no loop here (its body always leaves)")?;
        planned.liftable_with(|callee| self.callable.contains(callee)).map_err(|reason| reason.to_string())?;
        if !orelse.is_empty() {
            let names = NameUse::of_stmts(orelse);
            let has = |list: &[String], name: &String| list.iter().any(|n| n == name);
            if let Some(name) = names.stores.iter().find(|n| !has(&planned.assigned, n)) {
                return Err(format!("its else clause stores {name}, which the loop does not hand back"));
            }
            let reachable = |n: &String| {
                has(&planned.live_in, n)
                    || has(&planned.assigned, n)
                    || self.callable.contains(n)
                    || is_native_module(n)
            };
            if let Some(name) = names.loads.iter().find(|n| !reachable(n)) {
                return Err(format!("its else clause reads {name}, which the loop does not take"));
            }
        }
        Ok((planned.live_in.clone(), planned.assigned.clone()))
    }
}

/// `__pynum__.osr(hidden)`: `[()]` while the hidden function may still compile (the
/// caller runs its counting copy of the loop), `[]` once it cannot (the plain copy).
pub const OSR_WANTED: &str = "osr";
/// `__pynum__.resume(hidden, *state)`: compiles the hidden function now if it has not
/// been, and runs it from the state of an interpreted loop at its header.
pub const RESUME: &str = "resume";
/// `__pynum__.tick(hidden)`: counts an interpreted iteration of the hidden function's
/// loop (the counting copy of a `while` loop with an `else`); true once, when the loop
/// has become hot.
pub const TICK: &str = "tick";
/// `__pynum__.counted(hidden, iterable)`: what the counting copy of a `for` loop over
/// `range` iterates over: the range's items, each an iteration counted toward the loop
/// getting hot, ending early at the item where it did (`__pynum__.stopped` then gives
/// it). `__pynum__.counted(hidden)`: the same for a `while` loop, an endless run of `()`.
pub const COUNTED: &str = "counted";
/// `__pynum__.stopped(hidden)`: `[item]` when the last `counted` iterator of `hidden` in
/// this thread ended early at `item` because the loop got hot, `[]` when it ran out.
pub const STOPPED: &str = "stopped";
/// `__pynum__.timed(hidden, iterable)`: what an interpreted run of a
/// [`LoopStart::Deferrable`] loop iterates over: the iterable itself, or, when the
/// dispatcher deferred this entry, an iterator over it that counts the run's time toward
/// compiling the loop when it ends.
pub const TIMED: &str = "timed";
/// A `for ... in range(...)` loop's hidden function takes the first value of the range
/// as this parameter, so the same function starts the loop or resumes it.
pub const START_PARAMETER: &str = "__pynum_start";

/// Where native code may take over a running loop.
enum OsrHeader {
    /// A `while` loop: its state is its variables, so the hidden function resumes it.
    While,
    /// `for target in range(...)`: the hidden function starts from a given value; the
    /// other arguments of `range` read nothing the loop stores, so it re-reads them.
    Range { target: String, start: Expr },
}

/// The copy of `loop_stmt` that counts its iterations and hands the loop over to native
/// code (`resumed`, which runs the hidden function from the header's variables, or the
/// rest of the loop as written) at the header where it got hot. A `for` loop over
/// `range` iterates `__pynum__.counted(hidden, range(...))`, which ends early when hot,
/// and its `else` asks `__pynum__.stopped(hidden)` for the header's value:
///
/// ```text
/// for i in counted(hidden, range(a, b)):      while test:
///     body                                    ->  for () in counted(hidden):
/// else:                                               if not (test): break
///     for i in stopped(hidden):                       body
///         resumed; break                          else:
///     else:                                           resumed
///         orelse
/// ```
///
/// An `else` clause is not part of its loop: a `break` or `continue` in the program's own
/// `else` still leaves the loop around it. A `while` loop with an `else` counts with
/// `if __pynum__.tick(hidden): resumed; break` at the top of its body instead (its
/// `else` has to run where its test fails).
fn counting_copy(
    fallback: &Stmt,
    header: &OsrHeader,
    resumed: Stmt,
    hidden_ref: &dyn Fn() -> Expr,
    at: TextRange,
) -> Stmt {
    let mut counting = fallback.clone();
    match (&mut counting, header) {
        (Stmt::For(for_loop), OsrHeader::Range { target, .. }) => {
            let range = for_loop.iter.range();
            let placeholder = Expr::NoneLiteral(ast::ExprNoneLiteral { node_index: AtomicNodeIndex::default(), range });
            let iterable = std::mem::replace(for_loop.iter.as_mut(), placeholder);
            *for_loop.iter = call_of(runtime_expr(COUNTED, range), vec![hidden_ref(), iterable], range);
            let orelse: Vec<Stmt> = std::mem::take(&mut for_loop.orelse).into();
            let stopped = call_of(runtime_expr(STOPPED, at), vec![hidden_ref()], at);
            let hand_over =
                for_stmt(name_expr(target, ExprContext::Store, at), stopped, vec![resumed, break_stmt(at)], orelse, at);
            for_loop.orelse = vec![hand_over].into();
            counting
        }
        (Stmt::While(while_loop), OsrHeader::While) if while_loop.orelse.is_empty() => {
            let test = &while_loop.test;
            let failed = Expr::UnaryOp(ast::ExprUnaryOp {
                node_index: AtomicNodeIndex::default(),
                range: test.range(),
                op: ast::UnaryOp::Not,
                operand: test.clone(),
            });
            let body: Vec<Stmt> = std::iter::once(if_stmt(failed, vec![break_stmt(at)], test.range()))
                .chain(while_loop.body.iter().cloned())
                .collect();
            let counted = call_of(runtime_expr(COUNTED, at), vec![hidden_ref()], at);
            for_stmt(tuple_expr(&[], ExprContext::Store, at), counted, body, vec![resumed], while_loop.range)
        }
        _ => {
            let hot = call_of(runtime_expr(TICK, at), vec![hidden_ref()], at);
            let hand_over = if_stmt(hot, vec![resumed, break_stmt(at)], at);
            let body = loop_body_mut(&mut counting);
            let iteration: Vec<Stmt> = std::iter::once(hand_over).chain(std::mem::take(body)).collect();
            *body = iteration.into();
            counting
        }
    }
}

/// Only innermost loops start cold: an iteration of a loop with a loop inside may cost
/// any amount (the sieve's outer loop sweeps a 10 MB bytearray per iteration), so such a
/// loop compiles at its first entry.
fn osr_header(loop_stmt: &Stmt, stores: &Names) -> Option<OsrHeader> {
    if has_inner_loop(loop_suites(loop_stmt).0) {
        return None;
    }
    match loop_stmt {
        // The counting copy has evaluated the test when it hands over, and the hidden
        // function evaluates it again: only a test without calls or items may be.
        Stmt::While(ast::StmtWhile { test, .. }) => plain_expr(test).then_some(OsrHeader::While),
        Stmt::For(ast::StmtFor { target, iter, .. }) => {
            let Expr::Name(target) = target.as_ref() else { return None };
            let Expr::Call(call) = iter.as_ref() else { return None };
            let args = &call.arguments.args;
            if !call.arguments.keywords.is_empty()
                || args.is_empty()
                || args.len() > 3
                || args.iter().any(|a| matches!(a, Expr::Starred(_)))
            {
                return None;
            }
            // The start is evaluated for the entry call and again by the interpreter's
            // copies, the rest again on resuming: only names the loop does not store,
            // numbers and arithmetic on them give the same values each time.
            let reads = NameUse::of_expr(iter);
            if reads.mentions(target.id.as_str())
                || stores.iter().any(|n| reads.mentions(n))
                || !args.iter().all(plain_expr)
            {
                return None;
            }
            let start =
                if args.len() == 1 { number_expr(0, TextRange::empty(call.range().start())) } else { args[0].clone() };
            Some(OsrHeader::Range { target: target.id.to_string(), start })
        }
        _ => None,
    }
}

/// Names, numbers and operators on them: an expression whose evaluation has no effect
/// and reads nothing but variables.
fn plain_expr(expr: &Expr) -> bool {
    every_node(expr, &|e| {
        matches!(
            e,
            Expr::Name(_)
                | Expr::BooleanLiteral(_)
                | Expr::NoneLiteral(_)
                | Expr::BinOp(_)
                | Expr::UnaryOp(_)
                | Expr::BoolOp(_)
                | Expr::Compare(_)
                | Expr::If(_)
        ) || real_number(e)
    })
}

/// Whether `expr` and every expression inside it pass `node`, which judges one node's
/// own kind, operator or shape (its operands are judged in turn).
pub(crate) fn every_node(expr: &Expr, node: &dyn Fn(&Expr) -> bool) -> bool {
    struct Every<'f>(&'f dyn Fn(&Expr) -> bool, bool);
    impl<'a> Visitor<'a> for Every<'_> {
        fn visit_expr(&mut self, expr: &'a Expr) {
            if self.1 && (self.0)(expr) {
                visitor::walk_expr(self, expr);
            } else {
                self.1 = false;
            }
        }
    }
    let mut every = Every(node, true);
    every.visit_expr(expr);
    every.1
}

/// A number other than a complex one (complex numbers stay in the interpreter).
pub(crate) fn real_number(expr: &Expr) -> bool {
    matches!(expr, Expr::NumberLiteral(number) if !matches!(number.value, Number::Complex { .. }))
}

/// Whether `expr` holds an int literal of [`DEFERRAL_SIZE_LIMIT`] or more in magnitude.
///
/// [`DEFERRAL_SIZE_LIMIT`]: crate::policy::DEFERRAL_SIZE_LIMIT
fn has_big_int_literal(expr: &Expr) -> bool {
    !every_node(expr, &|e| match e {
        Expr::NumberLiteral(ast::ExprNumberLiteral { value: Number::Int(int), .. }) => {
            int.as_u64().is_some_and(|v| v < crate::policy::DEFERRAL_SIZE_LIMIT)
        }
        _ => true,
    })
}

/// Whether a loop left as written runs at most as many iterations as the function's
/// inputs are big: a `for` loop, with no loop inside, over what [`sized_by_inputs`]
/// accepts, the inputs being parameters and globals (names the function's code does not
/// assign, among `stores`), or attributes of them (`poly.degree`, `self.items`: the
/// dispatcher sizes an object by its attributes). A call whose inputs are all small
/// ([`DEFERRAL_SIZE_LIMIT`]) may then leave it to the interpreter until the
/// function's interpreted calls pay for its compile. Any other loop may run long
/// whatever its inputs (`while`, `range(k * k * k)`, a loop inside a loop), and only a
/// compile of the whole function runs it natively: that function compiles at its first
/// call. (Only the moment of the compile depends on this: an attribute the function
/// rebinds before its loop may make a first call that looked small run long in the
/// interpreter, never differently.)
///
/// [`DEFERRAL_SIZE_LIMIT`]: crate::policy::DEFERRAL_SIZE_LIMIT
fn bounded_by_inputs(stmt: &Stmt, stores: &Names) -> bool {
    let Stmt::For(ast::StmtFor { iter, body, orelse, is_async: false, .. }) = stmt else { return false };
    let input = |expr: &Expr| input_or_its_attribute(expr, stores);
    sized_by_inputs(iter, &input) && !body.iter().chain(orelse).any(contains_loop)
}

/// A name the function does not assign (among `stores`), or an attribute of one, at
/// any depth (`self.grid.rows`).
fn input_or_its_attribute(expr: &Expr, stores: &Names) -> bool {
    match expr {
        Expr::Name(name) => !stores.contains(name.id.as_str()),
        Expr::Attribute(attribute) => input_or_its_attribute(&attribute.value, stores),
        _ => false,
    }
}

/// An iterable with as many items as an input at most (see [`bounded_by_inputs`]): an
/// input, its `items()`, `keys()` or `values()`, `range` of input bounds, `enumerate`
/// or `zip` of such iterables.
fn sized_by_inputs(iter: &Expr, input: &dyn Fn(&Expr) -> bool) -> bool {
    let Expr::Call(call) = iter else { return input(iter) };
    let args = &call.arguments.args;
    if !call.arguments.keywords.is_empty() {
        return false;
    }
    match call.func.as_ref() {
        Expr::Name(f) if f.id.as_str() == "range" => args.iter().all(|bound| range_bound_of_inputs(bound, input)),
        Expr::Name(f) if f.id.as_str() == "enumerate" => {
            args.first().is_some_and(|inner| sized_by_inputs(inner, input))
                && args.iter().skip(1).all(|start| range_bound_of_inputs(start, input))
        }
        Expr::Name(f) if f.id.as_str() == "zip" => args.iter().all(|inner| sized_by_inputs(inner, input)),
        Expr::Attribute(method) => {
            args.is_empty() && matches!(method.attr.as_str(), "items" | "keys" | "values") && input(&method.value)
        }
        _ => false,
    }
}

/// An argument of a `range` bounded by the inputs (see [`bounded_by_inputs`]).
fn range_bound_of_inputs(expr: &Expr, input: &dyn Fn(&Expr) -> bool) -> bool {
    match expr {
        Expr::Name(_) | Expr::Attribute(_) => input(expr),
        Expr::NumberLiteral(_) => real_number(expr) && !has_big_int_literal(expr),
        Expr::UnaryOp(ast::ExprUnaryOp { op: ast::UnaryOp::USub, operand, .. }) => {
            range_bound_of_inputs(operand, input)
        }
        Expr::BinOp(ast::ExprBinOp { left, op: ast::Operator::Add | ast::Operator::Sub, right, .. }) => {
            range_bound_of_inputs(left, input) && range_bound_of_inputs(right, input)
        }
        Expr::Call(call) => {
            matches!(call.func.as_ref(), Expr::Name(f) if f.id.as_str() == "len")
                && call.arguments.keywords.is_empty()
                && matches!(call.arguments.args.as_ref(), [arg] if input(arg))
        }
        _ => false,
    }
}

fn has_inner_loop(suite: &[Stmt]) -> bool {
    suite.iter().any(|stmt| match stmt {
        Stmt::For(_) | Stmt::While(_) => true,
        Stmt::If(if_stmt) => {
            has_inner_loop(&if_stmt.body) || if_stmt.elif_else_clauses.iter().any(|c| has_inner_loop(&c.body))
        }
        _ => false,
    })
}

/// `range(a, b, c)` → `range(start, b, c)` (and `range(n)` → `range(start, n)`).
fn start_from(loop_stmt: &mut Stmt, start: &str, at: TextRange) {
    if let Stmt::For(ast::StmtFor { iter, .. }) = loop_stmt {
        if let Expr::Call(call) = iter.as_mut() {
            let mut args: Vec<Expr> = call.arguments.args.to_vec();
            let start = name_expr(start, ExprContext::Load, at);
            if args.len() == 1 {
                args.insert(0, start);
            } else {
                args[0] = start;
            }
            call.arguments.args = args.into();
        }
    }
}

pub(crate) fn call_expr(function: &str, args: Vec<Expr>, at: TextRange) -> Expr {
    call_of(name_expr(function, ExprContext::Load, at), args, at)
}

fn call_of(function: Expr, args: Vec<Expr>, at: TextRange) -> Expr {
    Expr::Call(ast::ExprCall {
        node_index: AtomicNodeIndex::default(),
        range_start: at.start(),
        func: Box::new(function),
        arguments: ast::Arguments {
            range: at,
            node_index: AtomicNodeIndex::default(),
            args: args.into(),
            keywords: Default::default(),
            runtime_args: None,
            runtime_bases: None,
        },
    })
}

pub(crate) fn for_stmt(target: Expr, iter: Expr, body: Vec<Stmt>, orelse: Vec<Stmt>, at: TextRange) -> Stmt {
    Stmt::For(ast::StmtFor {
        node_index: AtomicNodeIndex::default(),
        range: at,
        is_async: false,
        target: Box::new(target),
        iter: Box::new(iter),
        body: body.into(),
        orelse: orelse.into(),
        runtime_type_comment: None,
        runtime_type_comment_bytes: None,
        runtime_body: None,
        runtime_orelse: None,
    })
}

fn break_stmt(at: TextRange) -> Stmt {
    Stmt::Break(ast::StmtBreak { node_index: AtomicNodeIndex::default(), range: at })
}

fn delete_names(names: &[&str], at: TextRange) -> Stmt {
    Stmt::Delete(ast::StmtDelete {
        node_index: AtomicNodeIndex::default(),
        range: at,
        targets: names.iter().map(|n| name_expr(n, ExprContext::Del, at)).collect(),
        runtime_targets: None,
    })
}

/// `name == value`.
fn compare_eq(name: &str, value: u64, at: TextRange) -> Expr {
    Expr::Compare(ast::ExprCompare {
        node_index: AtomicNodeIndex::default(),
        range: at,
        left: Box::new(name_expr(name, ExprContext::Load, at)),
        ops: Box::new([ast::CmpOp::Eq]),
        comparators: Box::new([number_expr(value, at)]),
        runtime_comparators: None,
    })
}

/// The local that carries a lifted loop's control point: in the hidden function, and
/// in the caller only between the call and the `return` it selects (deleted otherwise).
const CONTROL_POINT: &str = "__pynum_cp";

/// The `return` statements of a loop, in source order (all in loop bodies, see
/// [`returns_only_in_bodies`]).
fn return_statements(loop_stmt: &Stmt) -> Vec<ast::StmtReturn> {
    #[derive(Default)]
    struct Returns(Vec<ast::StmtReturn>);
    impl<'a> Visitor<'a> for Returns {
        fn visit_stmt(&mut self, stmt: &'a Stmt) {
            if let Stmt::Return(ret) = stmt {
                self.0.push(ret.clone());
            }
            visitor::walk_stmt(self, stmt);
        }
    }
    let mut returns = Returns::default();
    returns.visit_stmt(loop_stmt);
    returns.0
}

fn loop_body_mut(loop_stmt: &mut Stmt) -> &mut ast::Suite {
    match loop_stmt {
        Stmt::For(ast::StmtFor { body, .. }) | Stmt::While(ast::StmtWhile { body, .. }) => body,
        _ => unreachable!("only loops are lifted"),
    }
}

/// In the hidden function's copy of a loop body: the k-th `return` (in source order, as
/// [`return_statements`] counts) becomes `__pynum_cp = k; break`, and each inner loop
/// that holds one is followed by `if __pynum_cp: break`, so the control point leaves
/// every enclosing loop. Returns whether `suite` held a `return`.
fn route_returns_to_control_points(suite: &mut ast::Suite, seen: &mut u64, at: TextRange) -> bool {
    let mut routed = false;
    let mut out: Vec<Stmt> = Vec::with_capacity(suite.len());
    for mut stmt in std::mem::take(suite) {
        let mut leave_if_stopped = false;
        match &mut stmt {
            Stmt::Return(_) => {
                *seen += 1;
                out.push(assign_stmt(CONTROL_POINT, number_expr(*seen, at), at));
                out.push(break_stmt(at));
                routed = true;
                continue;
            }
            Stmt::If(if_stmt) => {
                routed |= route_returns_to_control_points(&mut if_stmt.body, seen, at);
                for clause in &mut if_stmt.elif_else_clauses {
                    routed |= route_returns_to_control_points(&mut clause.body, seen, at);
                }
            }
            Stmt::For(_) | Stmt::While(_) => {
                leave_if_stopped = route_returns_to_control_points(loop_body_mut(&mut stmt), seen, at);
                routed |= leave_if_stopped;
            }
            _ => {}
        }
        out.push(stmt);
        if leave_if_stopped {
            out.push(if_stmt(name_expr(CONTROL_POINT, ExprContext::Load, at), vec![break_stmt(at)], at));
        }
    }
    *suite = out.into();
    routed
}

/// `name = value`.
pub(crate) fn assign_stmt(name: &str, value: Expr, at: TextRange) -> Stmt {
    Stmt::Assign(ast::StmtAssign {
        node_index: AtomicNodeIndex::default(),
        range: at,
        targets: vec![name_expr(name, ExprContext::Store, at)],
        value: Box::new(value),
        runtime_targets: None,
        runtime_type_comment: None,
        runtime_type_comment_bytes: None,
    })
}

pub(crate) fn number_expr(value: u64, at: TextRange) -> Expr {
    Expr::NumberLiteral(ast::ExprNumberLiteral {
        node_index: AtomicNodeIndex::default(),
        range: at,
        value: Number::Int(ast::Int::from(value)),
    })
}

fn if_stmt(test: Expr, body: Vec<Stmt>, at: TextRange) -> Stmt {
    Stmt::If(ast::StmtIf {
        node_index: AtomicNodeIndex::default(),
        range: at,
        test: Box::new(test),
        body: body.into(),
        elif_else_clauses: Vec::new(),
        runtime_body: None,
    })
}

/// `stmt` unless it is the statement at `range`, in which case nothing (a nested loop is
/// found by walking the statements around it).
pub(crate) fn without(stmt: &Stmt, range: TextRange) -> Option<Stmt> {
    if stmt.range() == range {
        return None;
    }
    let contains = stmt.range().contains_range(range);
    if !contains {
        return Some(stmt.clone());
    }
    let mut copy = stmt.clone();
    let strip = |suite: &mut ast::Suite| {
        let kept: Vec<Stmt> = suite.iter().filter_map(|s| without(s, range)).collect();
        *suite = kept.into();
    };
    match &mut copy {
        Stmt::For(ast::StmtFor { body, orelse, .. }) | Stmt::While(ast::StmtWhile { body, orelse, .. }) => {
            strip(body);
            strip(orelse);
        }
        Stmt::If(ast::StmtIf { body, elif_else_clauses, .. }) => {
            strip(body);
            for clause in elif_else_clauses {
                strip(&mut clause.body);
            }
        }
        _ => {}
    }
    Some(copy)
}

fn liftable_shape(loop_stmt: &Stmt, callable: &Names, effect_calls: bool) -> bool {
    pure_loop(loop_stmt, callable, effect_calls)
        && returns_only_in_bodies(loop_stmt)
        && !always_leaves(loop_suites(loop_stmt).0)
        && !leaves_enclosing_loop(loop_suites(loop_stmt).1)
}

/// Whether `suite` (a loop's `else`) has a `break` or `continue` of the loop around
/// that loop, which the hidden function does not have.
fn leaves_enclosing_loop(suite: &[Stmt]) -> bool {
    suite.iter().any(|stmt| match stmt {
        Stmt::Break(_) | Stmt::Continue(_) => true,
        Stmt::If(if_stmt) => {
            leaves_enclosing_loop(&if_stmt.body)
                || if_stmt.elif_else_clauses.iter().any(|c| leaves_enclosing_loop(&c.body))
        }
        // An inner loop's own body binds its `break`s; its `else` does not.
        Stmt::For(ast::StmtFor { orelse, .. }) | Stmt::While(ast::StmtWhile { orelse, .. }) => {
            leaves_enclosing_loop(orelse)
        }
        _ => false,
    })
}

/// A loop's body and `else` clause (empty for any other statement).
fn loop_suites(loop_stmt: &Stmt) -> (&[Stmt], &[Stmt]) {
    match loop_stmt {
        Stmt::For(ast::StmtFor { body, orelse, .. }) | Stmt::While(ast::StmtWhile { body, orelse, .. }) => {
            (body, orelse)
        }
        _ => (&[], &[]),
    }
}

/// Whether running `suite` always ends in `return` or `break`: a loop whose body does has
/// no back edge, so it is no loop to lift (Numba's rule).
fn always_leaves(suite: &[Stmt]) -> bool {
    suite.iter().any(|stmt| match stmt {
        Stmt::Return(_) | Stmt::Break(_) => true,
        Stmt::If(if_stmt) => {
            always_leaves(&if_stmt.body)
                && if_stmt.elif_else_clauses.last().is_some_and(|c| c.test.is_none())
                && if_stmt.elif_else_clauses.iter().all(|c| always_leaves(&c.body))
        }
        _ => false,
    })
}

/// Whether every `return` in `loop_stmt` is in a loop body (not in an `else` clause,
/// which runs after its loop and where no `break` can carry the control point out).
fn returns_only_in_bodies(loop_stmt: &Stmt) -> bool {
    fn has_return(suite: &[Stmt]) -> bool {
        suite.iter().any(|stmt| match stmt {
            Stmt::Return(_) => true,
            Stmt::If(if_stmt) => {
                has_return(&if_stmt.body) || if_stmt.elif_else_clauses.iter().any(|c| has_return(&c.body))
            }
            Stmt::For(ast::StmtFor { body, orelse, .. }) | Stmt::While(ast::StmtWhile { body, orelse, .. }) => {
                has_return(body) || has_return(orelse)
            }
            _ => false,
        })
    }
    fn check(suite: &[Stmt]) -> bool {
        suite.iter().all(|stmt| match stmt {
            Stmt::If(if_stmt) => check(&if_stmt.body) && if_stmt.elif_else_clauses.iter().all(|c| check(&c.body)),
            Stmt::For(ast::StmtFor { body, orelse, .. }) | Stmt::While(ast::StmtWhile { body, orelse, .. }) => {
                check(body) && !has_return(orelse)
            }
            _ => true,
        })
    }
    check(std::slice::from_ref(loop_stmt))
}

fn pure_loop(loop_stmt: &Stmt, callable: &Names, effect_calls: bool) -> bool {
    match loop_stmt {
        Stmt::For(ast::StmtFor { is_async: false, target, iter, body, orelse, .. }) => {
            // `range(...)`, or a name (a list, if typing finds one).
            let range_call = matches!(iter.as_ref(),
                Expr::Call(call) if matches!(call.func.as_ref(), Expr::Name(f) if f.id.as_str() == "range"));
            let named = matches!(iter.as_ref(), Expr::Name(_)) || field_of_named(iter, callable);
            // `for k, v in d.items()`: a view of a named dict, unpacked into names.
            let dict_view = matches!(iter.as_ref(), Expr::Call(call) if call.arguments.is_empty()
                && dict_method_of_named(&call.func, |name| DictViewKind::from_method(name).is_some()));
            let paired = paired_iterable(iter);
            // One name, or a tuple of names.
            matches!(target.as_ref(), Expr::Name(_) | Expr::Tuple(_))
                && simple_target(target, callable)
                && (range_call || named || dict_view || paired)
                && pure_expr(iter, callable)
                && body.iter().chain(orelse).all(|s| pure_stmt(s, callable, effect_calls))
        }
        Stmt::While(ast::StmtWhile { test, body, orelse, .. }) => {
            pure_expr(test, callable) && body.iter().chain(orelse).all(|s| pure_stmt(s, callable, effect_calls))
        }
        _ => false,
    }
}

/// `enumerate(xs[, start])` or `zip(xs, ys, ...)` of names, numbers, or such calls
/// (`enumerate(zip(xs, ys))`), without keywords.
fn paired_iterable(iter: &Expr) -> bool {
    matches!(iter, Expr::Call(call)
        if matches!(call.func.as_ref(), Expr::Name(f) if matches!(f.id.as_str(), "enumerate" | "zip"))
            && call.arguments.keywords.is_empty()
            && !call.arguments.args.is_empty()
            && call.arguments.args.iter().all(|a| matches!(a, Expr::Name(_)) || real_number(a) || paired_iterable(a)))
}

fn pure_stmt(stmt: &Stmt, callable: &Names, effect_calls: bool) -> bool {
    match stmt {
        Stmt::Assign(assign) => {
            assign.targets.iter().all(|t| simple_target(t, callable)) && pure_expr(&assign.value, callable)
        }
        Stmt::AugAssign(aug) => {
            (matches!(aug.target.as_ref(), Expr::Name(_))
                || item_of_named(&aug.target, callable)
                || field_of_named(&aug.target, callable))
                && pure_expr(&aug.value, callable)
        }
        Stmt::If(if_stmt) => {
            pure_expr(&if_stmt.test, callable)
                && if_stmt.body.iter().all(|s| pure_stmt(s, callable, effect_calls))
                && if_stmt.elif_else_clauses.iter().all(|clause| {
                    clause.test.as_ref().is_none_or(|t| pure_expr(t, callable))
                        && clause.body.iter().all(|s| pure_stmt(s, callable, effect_calls))
                })
        }
        Stmt::Break(_) | Stmt::Continue(_) | Stmt::Pass(_) => true,
        // A call whose result is dropped (`count(tokens, counts)`): a candidate function
        // run for what it does to the containers it is given, which native code then
        // hands it without copying them in and out at each call. Not in a candidate
        // function: a loop it cannot lift makes it compile whole at its first call, one
        // compile for the loop and its callees (spectral_norm's `spectral`: its lifted
        // loop compiled after its callees, 3 compiles and 9 ms against 1 and 6 ms).
        Stmt::Expr(ast::StmtExpr { value, .. }) => {
            effect_calls && matches!(value.as_ref(), Expr::Call(_)) && pure_expr(value, callable)
        }
        // The caller evaluates the value, once, as the loop would have: the hidden
        // function only stops at a control point, so the value may be anything.
        Stmt::Return(_) => true,
        Stmt::For(_) | Stmt::While(_) => pure_loop(stmt, callable, effect_calls),
        _ => false,
    }
}

fn simple_target(target: &Expr, callable: &Names) -> bool {
    match target {
        Expr::Name(_) => true,
        Expr::Tuple(tuple) => tuple.elts.iter().all(|e| matches!(e, Expr::Name(_))),
        Expr::Subscript(_) => item_of_named(target, callable),
        Expr::Attribute(_) => field_of_named(target, callable),
        _ => false,
    }
}

/// `name.attr` where `name` is no native module, or `name[index].attr`: a field of an
/// object native code holds a copy of, when typing finds a plain class's instance there
/// (the loop stays as written otherwise).
fn field_of_named(expr: &Expr, callable: &Names) -> bool {
    matches!(expr, Expr::Attribute(attribute) if match attribute.value.as_ref() {
        Expr::Name(n) => !is_native_module(n.id.as_str()),
        item @ Expr::Subscript(_) => item_of_named(item, callable),
        _ => false,
    })
}

/// `name.method` with `method` a dict's method that `accept`s (typing decides whether
/// `name` holds a dict native code takes).
fn dict_method_of_named(expr: &Expr, accept: fn(&str) -> bool) -> bool {
    matches!(expr, Expr::Attribute(attribute)
        if matches!(attribute.value.as_ref(), Expr::Name(n) if !is_native_module(n.id.as_str()))
            && accept(attribute.attr.as_str()))
}

/// `name[index]` with a pure index: an item of a list native code holds a copy of.
fn item_of_named(expr: &Expr, callable: &Names) -> bool {
    matches!(expr, Expr::Subscript(sub)
        if matches!(sub.value.as_ref(), Expr::Name(_)) && !matches!(sub.slice.as_ref(), Expr::Slice(_))
            && pure_expr(&sub.slice, callable))
}

/// Numbers, names, items of named lists, arithmetic, comparisons and calls of native
/// builtins, `math` and candidate functions: what native code may compute without
/// effects (list stores are effects native code holds back until the loop completes).
pub(crate) fn pure_expr(expr: &Expr, callable: &Names) -> bool {
    every_node(expr, &|e| match e {
        Expr::Name(_) | Expr::BooleanLiteral(_) | Expr::NoneLiteral(_) => true,
        Expr::BinOp(_) | Expr::UnaryOp(_) | Expr::BoolOp(_) | Expr::Compare(_) | Expr::If(_) | Expr::Tuple(_) => true,
        Expr::Attribute(attribute) => is_math(&attribute.value) || field_of_named(e, callable),
        Expr::Subscript(sub) => {
            matches!(sub.value.as_ref(), Expr::Name(_)) && !matches!(sub.slice.as_ref(), Expr::Slice(_))
        }
        Expr::Call(call) => {
            let callee = match call.func.as_ref() {
                Expr::Name(f) => callable.contains(f.id.as_str()),
                Expr::Attribute(attribute) => {
                    is_math(&attribute.value) || dict_method_of_named(&call.func, DictViewKind::is_reading_method)
                }
                _ => false,
            };
            callee && call.arguments.keywords.is_empty()
        }
        _ => real_number(e),
    })
}

/// A module native code reads attributes of (`math`): any attribute of it may be read,
/// and typing decides which ones run natively.
fn is_math(expr: &Expr) -> bool {
    matches!(expr, Expr::Name(n) if is_native_module(n.id.as_str()))
}

fn is_native_module(name: &str) -> bool {
    crate::ops::is_native_module(name)
}

/// `__pynum__.<attribute>`: a run-time object of pynum's (see [`RUNTIME`]).
fn runtime_expr(attribute: &str, range: TextRange) -> Expr {
    Expr::Attribute(ast::ExprAttribute {
        node_index: AtomicNodeIndex::default(),
        range,
        value: Box::new(name_expr(RUNTIME, ExprContext::Load, range)),
        attr: Identifier::new(Name::new(attribute), range),
        ctx: ExprContext::Load,
    })
}

/// The string literal `text`.
fn str_expr(text: &str, range: TextRange) -> Expr {
    Expr::StringLiteral(ast::ExprStringLiteral {
        node_index: AtomicNodeIndex::default(),
        range,
        value: ast::StringLiteralValue::single(ast::StringLiteral {
            range,
            node_index: AtomicNodeIndex::default(),
            value: text.into(),
            flags: ast::StringLiteralFlags::empty(),
        }),
    })
}

pub(crate) fn name_expr(id: &str, ctx: ExprContext, range: TextRange) -> Expr {
    Expr::Name(ast::ExprName { node_index: AtomicNodeIndex::default(), range, id: Name::new(id), ctx })
}

fn tuple_expr(names: &[String], ctx: ExprContext, range: TextRange) -> Expr {
    Expr::Tuple(ast::ExprTuple {
        node_index: AtomicNodeIndex::default(),
        range,
        elts: names.iter().map(|n| name_expr(n, ctx, range)).collect(),
        ctx,
        parenthesized: true,
        runtime_elts: None,
    })
}

fn parameter(name: &str, range: TextRange) -> ast::ParameterWithDefault {
    ast::ParameterWithDefault {
        range,
        node_index: AtomicNodeIndex::default(),
        parameter: ast::Parameter {
            range,
            node_index: AtomicNodeIndex::default(),
            name: Identifier::new(Name::new(name), range),
            annotation: None,
            runtime_type_comment: None,
            runtime_type_comment_bytes: None,
        },
        default: None,
    }
}

/// The 1-based line of the start of `range` in `source`.
fn line_of(source: &str, range: TextRange) -> usize {
    let offset = usize::from(range.start()).min(source.len());
    source.as_bytes()[..offset].iter().filter(|&&b| b == b'\n').count() + 1
}
