//! What a workload exercised of the JIT (issue 14's coverage): the IR expressions and
//! LIR instructions of the code it compiled, the ops registry's entries (ops, operator
//! lowerings, constants, runtime helpers) that code used, the deoptimization sites it
//! compiled and the deoptimizations and rejections that happened, and the shapes of the
//! loops loop-lifting planned. The fuzzer (`tests/fuzz/run.py --coverage`) sums them over
//! a campaign and lists the registry entries nothing reached.
//!
//! Off unless the host calls [`enable`] (`pynum-run` does when `PYNUM_JIT_COVERAGE` names
//! a directory); off, each hook is one relaxed atomic load. The registry is the
//! universe: [`universe`] lists what "every supported operation" means, so an entry added
//! to `ops.rs` shows as unexercised until a generated program reaches it.

use std::collections::BTreeMap;
use std::sync::atomic::{AtomicBool, Ordering};
use std::sync::Mutex;

use crate::ir::{Expr, InstKind};
use crate::lift_plan::LiftPlan;
use crate::lir;
use crate::typeinfer::Typed;
use crate::types::Type;

static ON: AtomicBool = AtomicBool::new(false);
static COUNTS: Mutex<BTreeMap<(Category, String), u64>> = Mutex::new(BTreeMap::new());

/// What is counted, one table each in the report.
#[derive(Debug, Clone, Copy, PartialEq, Eq, PartialOrd, Ord)]
pub enum Category {
    /// An IR expression kind in compiled code (`Binary`, `Call`, `RangeIter`...).
    Ir,
    /// An ops-registry op called from compiled code (`math.sqrt`, `builtins.abs`).
    Op,
    /// A binary operator's lowering for one kind of result (`FloorDiv ints`).
    Operator,
    /// A module constant folded into compiled code (`math.pi`).
    Constant,
    /// A LIR instruction kind (`Binary Sdiv`, `Overflow Smul`, `ExitIf`).
    Lir,
    /// A runtime helper compiled code calls, by ABI symbol.
    Helper,
    /// A deoptimization site compiled in, by why it leaves.
    DeoptSite,
    /// A deoptimization that happened, by why.
    Deopt,
    /// A compile that did not happen, by the first words of why.
    Rejected,
    /// A loop of the lift plan: kind, scope, nesting, returns, verdict.
    Lift,
    /// Code compiled, by tier.
    Compiled,
}

impl Category {
    pub fn name(self) -> &'static str {
        match self {
            Category::Ir => "ir",
            Category::Op => "op",
            Category::Operator => "operator",
            Category::Constant => "constant",
            Category::Lir => "lir",
            Category::Helper => "helper",
            Category::DeoptSite => "deopt-site",
            Category::Deopt => "deopt",
            Category::Rejected => "rejected",
            Category::Lift => "lift",
            Category::Compiled => "compiled",
        }
    }
}

/// Starts counting (for the rest of the process).
pub fn enable() {
    ON.store(true, Ordering::Relaxed);
}

pub fn enabled() -> bool {
    ON.load(Ordering::Relaxed)
}

/// Counts one occurrence of `key` (when counting is on).
pub fn count(category: Category, key: impl Into<String>) {
    if enabled() {
        let mut counts = COUNTS.lock().unwrap_or_else(|poisoned| poisoned.into_inner());
        *counts.entry((category, key.into())).or_insert(0) += 1;
    }
}

/// The leading identifier of a `Debug` form: the variant's name.
fn variant(debug: &str) -> &str {
    let end = debug.find(|c: char| !c.is_alphanumeric() && c != '_').unwrap_or(debug.len());
    &debug[..end]
}

/// `ints`, `floats` or `bools`: which lowering of an operator a result of `ty` uses.
fn operand_kind(ty: Option<&Type>) -> Option<&'static str> {
    match ty? {
        Type::Bool => Some("bools"),
        Type::Int { .. } => Some("ints"),
        Type::Float { .. } => Some("floats"),
        _ => None,
    }
}

/// A module compiled from `functions`: its IR, registry entries and LIR.
pub fn record_compile(functions: &[Typed], module: &lir::Module) {
    if !enabled() {
        return;
    }
    for typed in functions {
        for block in &typed.function.blocks {
            for inst in &block.insts {
                let InstKind::Assign { target, value } = &inst.kind else {
                    count(Category::Ir, variant(&format!("{:?}", inst.kind)));
                    continue;
                };
                count(Category::Ir, variant(&format!("{value:?}")));
                record_expr(typed, value, typed.types.get(target));
            }
        }
    }
    for function in &module.functions {
        for block in &function.blocks {
            for inst in &block.insts {
                let key = match &inst.op {
                    lir::Op::Unary { op, .. } => format!("Unary {op:?}"),
                    lir::Op::Binary { op, .. } => format!("Binary {op:?}"),
                    lir::Op::Overflow { op, .. } => format!("Overflow {op:?}"),
                    lir::Op::Icmp { cc, .. } => format!("Icmp {cc:?}"),
                    lir::Op::Fcmp { cc, .. } => format!("Fcmp {cc:?}"),
                    lir::Op::CallHelper { helper, .. } => {
                        count(Category::Helper, helper.as_str());
                        "CallHelper".to_owned()
                    }
                    other => variant(&format!("{other:?}")).to_owned(),
                };
                count(Category::Lir, key);
            }
        }
    }
    for (why, _line) in &module.deopt_sites {
        count(Category::DeoptSite, why.as_str());
    }
}

/// The registry entry an expression reached, if any.
fn record_expr(typed: &Typed, value: &Expr, result: Option<&Type>) {
    match value {
        Expr::Binary { op, .. } | Expr::Inplace { op, .. } => {
            if let Some(kind) = operand_kind(result) {
                count(Category::Operator, format!("{op:?} {kind}"));
            }
        }
        Expr::Call { func, .. } => match typed.types.get(func) {
            Some(Type::Builtin(name)) if crate::ops::builtin_op(name).is_some() => {
                count(Category::Op, format!("builtins.{name}"))
            }
            Some(Type::ModuleFunction(module, name)) if crate::ops::lookup(module, name).is_some() => {
                count(Category::Op, format!("{module}.{name}"))
            }
            _ => {}
        },
        // `for i in range(...)`: the `range_loop` rewrite made the call a counted loop.
        Expr::RangeIter { .. } => count(Category::Op, "builtins.range"),
        Expr::GetAttr { obj, attr } => {
            if let Some(Type::Module(module)) = typed.types.get(obj) {
                if crate::ops::module_constant(module, attr).is_some() {
                    count(Category::Constant, format!("{module}.{attr}"));
                }
            }
        }
        Expr::Global(name) if matches!(result, Some(Type::Float { .. })) => {
            if let Some(constant) = crate::ops::constant(name) {
                count(Category::Constant, format!("{}.{}", constant.module.name(), constant.name));
            }
        }
        _ => {}
    }
}

/// One JIT event: compiles by tier, deoptimizations by why (without the line), compiles
/// rejected by the first words of why, on-stack replacements.
pub fn record_event(event: &crate::events::JitEvent) {
    use crate::events::JitEvent;
    if !enabled() {
        return;
    }
    match event {
        JitEvent::Compiled { tier, note, .. } => {
            count(Category::Compiled, format!("tier {tier}"));
            if let Some(note) = note {
                count(Category::Compiled, note.split(',').next().unwrap_or(note).to_owned());
            }
        }
        JitEvent::Deoptimized { why, .. } => {
            count(Category::Deopt, why.split(" at line ").next().unwrap_or(why).to_owned());
        }
        JitEvent::Rejected { reason, .. } => count(Category::Rejected, reason_class(reason)),
        JitEvent::OnStackReplacement { .. } => count(Category::Compiled, "on-stack replacement"),
        JitEvent::Swapped { tier, .. } => count(Category::Compiled, format!("swapped to tier {tier}")),
        JitEvent::TieredUp { tier, .. } => count(Category::Compiled, format!("moved up to tier {tier} mid-call")),
        JitEvent::GaveUp { .. } => count(Category::Rejected, "lifted loop gave up"),
        JitEvent::Transformed { .. } | JitEvent::NotTransformed { .. } => {}
    }
}

/// Why a compile was rejected, without the names and numbers of the program:
/// "cannot compile f0: `v1` is int64 here and float64 there" is "`_` is int64 here and
/// float64 there".
fn reason_class(reason: &str) -> String {
    let reason = match reason.strip_prefix("cannot compile ") {
        Some(rest) => rest.split_once(": ").map_or(rest, |(_, why)| why),
        None => reason,
    };
    let mut out = String::new();
    let mut in_name = false;
    for c in reason.chars() {
        match c {
            '`' if !in_name => {
                in_name = true;
                out.push_str("`_");
            }
            '`' => {
                in_name = false;
                out.push('`');
            }
            _ if in_name => {}
            c if c.is_ascii_digit() => {
                if !out.ends_with('#') {
                    out.push('#');
                }
            }
            c => out.push(c),
        }
    }
    out.split_whitespace().take(12).collect::<Vec<_>>().join(" ")
}

/// The loops of one module's lift plans.
pub fn record_lift_plans<'p>(plans: impl IntoIterator<Item = &'p LiftPlan>) {
    if !enabled() {
        return;
    }
    for plan in plans {
        let scope = match plan.qualname.as_str() {
            "<module>" => "module",
            name if name.contains('.') => "method",
            _ => "function",
        };
        for lp in &plan.loops {
            let nesting = if lp.enclosing.is_some() { "nested" } else { "outermost" };
            let returns = if lp.returns > 0 { "returns" } else { "no-return" };
            let verdict = match &lp.verdict {
                Ok(()) => "liftable".to_owned(),
                Err(why) => variant(&format!("{why:?}")).to_owned(),
            };
            count(Category::Lift, format!("{} {scope} {nesting} {returns} {verdict}", lp.kind));
        }
    }
}

/// What counting against: every op, operator lowering, constant and automatic-mode
/// helper the ops registry supports in automatic mode, which the generated programs run
/// in. NumPy's entries are `@njit`'s only: `tests/numpy/njit/` exercises them.
pub fn universe() -> Vec<(Category, String)> {
    let mut all = Vec::new();
    for op in crate::ops::OPS.iter().filter(|op| op.module.in_automatic_mode()) {
        all.push((Category::Op, format!("{}.{}", op.module.name(), op.name)));
        if let Some(helper) = op.lowering.helper(true) {
            all.push((Category::Helper, helper.symbol.to_owned()));
        }
    }
    for operator in crate::ops::OPERATORS {
        for (kind, lowering) in [("bools", operator.bools), ("ints", operator.ints), ("floats", operator.floats)] {
            if lowering.is_some() {
                all.push((Category::Operator, format!("{:?} {kind}", operator.op)));
            }
        }
    }
    for constant in crate::ops::CONSTANTS.iter().filter(|c| c.module.in_automatic_mode()) {
        all.push((Category::Constant, format!("{}.{}", constant.module.name(), constant.name)));
    }
    all.sort();
    all.dedup();
    all
}

/// The counts as `category<TAB>key<TAB>count` lines, then the universe as
/// `supported<TAB>category<TAB>key` lines (what the fuzzer's report sums).
pub fn report() -> String {
    let counts = COUNTS.lock().unwrap_or_else(|poisoned| poisoned.into_inner());
    let mut out = String::new();
    for ((category, key), n) in counts.iter() {
        out.push_str(&format!("{}\t{key}\t{n}\n", category.name()));
    }
    for (category, key) in universe() {
        out.push_str(&format!("supported\t{}\t{key}\n", category.name()));
    }
    out
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_universe_names_every_registry_entry_once() {
        let all = universe();
        assert!(all.contains(&(Category::Op, "math.sqrt".to_owned())));
        assert!(all.contains(&(Category::Operator, "FloorDiv ints".to_owned())));
        assert!(!all.contains(&(Category::Operator, "TrueDiv ints".to_owned())), "no int result for `/`");
        let automatic = crate::ops::OPS.iter().filter(|op| op.module.in_automatic_mode()).count();
        assert_eq!(all.iter().filter(|e| e.0 == Category::Op).count(), automatic);
        assert!(!all.iter().any(|(_, key)| key.starts_with("numpy.")), "@njit-only entries");
    }

    #[test]
    fn rejection_reasons_lose_names_and_numbers() {
        assert_eq!(
            reason_class("cannot compile __pynum_loop_f0_12_0: `v1` is int64 here and float64 there"),
            "`_` is int# here and float# there"
        );
        assert_eq!(reason_class("tier 2: LLVM refused"), "tier #: LLVM refused");
    }

    #[test]
    fn variant_names_are_the_leading_identifier() {
        assert_eq!(variant("RangeIter { start: v1 }"), "RangeIter");
        assert_eq!(variant("Truth(v3)"), "Truth");
        assert_eq!(variant("Locals"), "Locals");
    }
}
