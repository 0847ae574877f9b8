//! Stage 2, data flow: simulates the value stack through every basic block and turns
//! stack code into the register IR of `ir`. Each instruction becomes zero or more IR
//! statements on named variables; values that stay on the stack across a block boundary
//! become block parameters, passed as jump arguments.
//!
//! Assumes the CFG of `cfg` (reachable blocks only) and CPython 3.14's stack discipline
//! as rustpython 0.6 compiles it. Every modelled instruction is checked against the
//! opcode table's own stack effect; a mismatch is a verifier error (our bug), while an
//! instruction we do not model is `Unsupported` (the region stays interpreted).
//!
//! Two representation choices keep the IR close to the source:
//! - `LOAD_FAST x` pushes the variable `x` itself, not a copy. Before `x` is reassigned
//!   or deleted while the old value still sits on the stack, the stack slots are
//!   rewritten to a temporary copy (`$3.4 = x`), so the IR stays exact.
//! - CPython's `NULL` stack markers (before a plain call, after a non-method attribute)
//!   are tracked but never become variables; `MAKE_FUNCTION` plus its
//!   `SET_FUNCTION_ATTRIBUTE`s fold into one `make_function(...)`.

use std::collections::{BTreeMap, VecDeque};

use rustc_hash::FxHashMap as HashMap;

use rustpython_compiler_core::bytecode::{oparg, Instruction, OpArg};

use crate::bytecode::{opname, Bytecode, Instr};
use crate::cfg::{for_iter_exit, Cfg};
use crate::error::FrontendError;
use crate::ir::{BinOp, Block, BlockId, CmpOp, Const, Edge, Expr, Function, Inst, InstKind, Terminator, UnaryOp, Var};

/// One value-stack slot during simulation.
#[derive(Debug, Clone, PartialEq)]
enum Slot {
    Value(Var),
    Null,
    /// A function under construction: `MAKE_FUNCTION` then `SET_FUNCTION_ATTRIBUTE`s.
    Function(Box<PendingFunction>),
}

#[derive(Debug, Clone, PartialEq, Default)]
struct PendingFunction {
    code: Option<Var>,
    defaults: Option<Var>,
    kwdefaults: Option<Var>,
    closure: Option<Var>,
    annotations: Option<Var>,
}

/// The shape of a block's entry stack: which slots are NULL markers, and how many slots
/// at the top the unwinder supplies (handlers only). Every predecessor must agree; the
/// non-NULL slots are the block's parameters.
#[derive(Debug, Clone, PartialEq, Eq, Default)]
struct EntryShape {
    nulls: Vec<bool>,
    caught: usize,
}

/// A typed argument (an operator, a flag) that names no value of its type: only in a
/// corrupt code object.
fn argument_out_of_range(instr: &Instr) -> FrontendError {
    FrontendError::Malformed {
        offset: instr.offset,
        reason: format!("{} has an argument out of range ({})", opname(instr.op), instr.arg),
    }
}

/// Translates the function's reachable blocks into IR (before liveness).
pub fn translate(bc: &Bytecode, cfg: &Cfg) -> Result<Function, FrontendError> {
    let mut entry_shapes: BTreeMap<u32, EntryShape> = BTreeMap::from([(cfg.entry, EntryShape::default())]);
    let mut blocks: BTreeMap<u32, Block> = BTreeMap::new();
    let mut queue: VecDeque<u32> = VecDeque::from([cfg.entry]);
    while let Some(offset) = queue.pop_front() {
        if blocks.contains_key(&offset) {
            continue;
        }
        let shape = entry_shapes[&offset].clone();
        let mut builder = BlockBuilder::new(bc, cfg, offset, &shape);
        let block = builder.run()?;
        for (target, target_shape) in builder.out_shapes {
            match entry_shapes.get(&target) {
                Some(existing) if *existing != target_shape => {
                    return Err(FrontendError::Verifier {
                        block: offset,
                        reason: format!("block{target} entered with stacks of different shapes"),
                    })
                }
                Some(_) => {}
                None => {
                    entry_shapes.insert(target, target_shape);
                }
            }
            queue.push_back(target);
        }
        blocks.insert(offset, block);
    }
    // Blocks in offset order read like the source; the entry (offset 0) comes first.
    Ok(Function {
        qualname: bc.qualname.clone(),
        filename: bc.filename.clone(),
        first_line: bc.first_line,
        params: bc.params.clone(),
        cells: bc.cells(),
        is_generator: bc.is_generator,
        blocks: blocks.into_values().collect(),
    })
}

struct BlockBuilder<'a> {
    bc: &'a Bytecode,
    cfg: &'a Cfg,
    id: BlockId,
    params: Vec<Var>,
    catch_params: Vec<Var>,
    stack: Vec<Slot>,
    insts: Vec<Inst>,
    next_temp: usize,
    line: u32,
    /// Constants loaded into temporaries of this block (for `CALL_KW` names).
    constants: HashMap<Var, Const>,
    out_shapes: Vec<(u32, EntryShape)>,
}

impl<'a> BlockBuilder<'a> {
    fn new(bc: &'a Bytecode, cfg: &'a Cfg, offset: u32, shape: &EntryShape) -> Self {
        let id = BlockId(offset);
        let mut builder = BlockBuilder {
            bc,
            cfg,
            id,
            params: Vec::new(),
            catch_params: Vec::new(),
            stack: Vec::new(),
            insts: Vec::new(),
            next_temp: 0,
            line: 0,
            constants: HashMap::default(),
            out_shapes: Vec::new(),
        };
        let passed = shape.nulls.len() - shape.caught;
        for (i, &is_null) in shape.nulls.iter().enumerate() {
            if is_null {
                builder.stack.push(Slot::Null);
            } else {
                let param = builder.temp();
                if i < passed {
                    builder.params.push(param.clone());
                } else {
                    builder.catch_params.push(param.clone());
                }
                builder.stack.push(Slot::Value(param));
            }
        }
        builder
    }

    fn temp(&mut self) -> Var {
        let v = Var::temp(self.id, self.next_temp);
        self.next_temp += 1;
        v
    }

    fn emit(&mut self, kind: InstKind) {
        self.insts.push(Inst { kind, line: self.line });
    }

    /// `$t = expr`, pushed.
    fn push_expr(&mut self, value: Expr) -> Var {
        let target = self.temp();
        if let Expr::Const(c) = &value {
            self.constants.insert(target.clone(), c.clone());
        }
        self.emit(InstKind::Assign { target: target.clone(), value });
        self.stack.push(Slot::Value(target.clone()));
        target
    }

    fn assign(&mut self, value: Expr) -> Var {
        let target = self.temp();
        self.emit(InstKind::Assign { target: target.clone(), value });
        target
    }

    fn malformed(&self, reason: impl Into<String>) -> FrontendError {
        FrontendError::Verifier { block: self.id.0, reason: reason.into() }
    }

    fn pop_slot(&mut self) -> Result<Slot, FrontendError> {
        self.stack.pop().ok_or_else(|| self.malformed("pop from an empty stack"))
    }

    /// Pops a value, materializing a pending function.
    fn pop(&mut self) -> Result<Var, FrontendError> {
        match self.pop_slot()? {
            Slot::Value(v) => Ok(v),
            Slot::Function(f) => Ok(self.materialize(*f)),
            Slot::Null => Err(self.malformed("NULL used as a value")),
        }
    }

    fn pop_n(&mut self, n: usize) -> Result<Vec<Var>, FrontendError> {
        let mut values = (0..n).map(|_| self.pop()).collect::<Result<Vec<_>, _>>()?;
        values.reverse();
        Ok(values)
    }

    fn peek(&mut self, depth: usize) -> Result<Var, FrontendError> {
        // `depth` counts from 1, the top (CPython's `PEEK(n)`); 0 names no slot.
        let index = self
            .stack
            .len()
            .checked_sub(depth)
            .filter(|_| depth > 0)
            .ok_or_else(|| self.malformed("peek below the stack"))?;
        match self.stack[index].clone() {
            Slot::Value(v) => Ok(v),
            Slot::Function(f) => {
                let v = self.materialize(*f);
                self.stack[index] = Slot::Value(v.clone());
                Ok(v)
            }
            Slot::Null => Err(self.malformed("NULL used as a value")),
        }
    }

    fn materialize(&mut self, f: PendingFunction) -> Var {
        let code = f.code.expect("MAKE_FUNCTION always sets the code");
        self.assign(Expr::MakeFunction {
            code,
            defaults: f.defaults,
            kwdefaults: f.kwdefaults,
            closure: f.closure,
            annotations: f.annotations,
        })
    }

    /// Before `name` is overwritten, stack slots still holding its old value get a copy.
    fn protect_local(&mut self, name: &str) {
        if !self.stack.iter().any(|s| matches!(s, Slot::Value(v) if v.0 == name)) {
            return;
        }
        let copy = self.assign(Expr::Var(Var(name.to_owned())));
        for slot in &mut self.stack {
            if matches!(slot, Slot::Value(v) if v.0 == name) {
                *slot = Slot::Value(copy.clone());
            }
        }
    }

    fn store_local(&mut self, name: String, value: Var) {
        self.protect_local(&name);
        self.emit(InstKind::Assign { target: Var(name), value: Expr::Var(value) });
    }

    fn local(&self, index: u32) -> Result<String, FrontendError> {
        self.bc.localsplus.get(index as usize).cloned().ok_or_else(|| self.malformed(format!("no local {index}")))
    }

    fn name(&self, index: u32) -> Result<String, FrontendError> {
        self.bc.names.get(index as usize).cloned().ok_or_else(|| self.malformed(format!("no name {index}")))
    }

    /// An edge to `target` carrying the current stack: NULL markers by shape, values as
    /// arguments. Pending functions are materialized first.
    fn edge_to(&mut self, target: u32) -> Result<Edge, FrontendError> {
        for i in 0..self.stack.len() {
            if let Slot::Function(_) = self.stack[i] {
                self.peek(self.stack.len() - i)?;
            }
        }
        let shape = EntryShape { nulls: self.stack.iter().map(|s| *s == Slot::Null).collect(), caught: 0 };
        let args = self
            .stack
            .iter()
            .filter_map(|s| match s {
                Slot::Value(v) => Some(v.clone()),
                _ => None,
            })
            .collect();
        self.out_shapes.push((target, shape));
        Ok(Edge { block: BlockId(target), args })
    }

    fn run(&mut self) -> Result<Block, FrontendError> {
        let block = &self.cfg.blocks[&self.id.0];
        let handler = block.unwind;
        let range = block.instrs.clone();
        let mut terminator = None;
        // The stack the handler keeps, as seen before each instruction that may raise.
        let mut unwind_stack: Option<Vec<Slot>> = None;
        for index in range.clone() {
            let instr = self.bc.instrs[index];
            if instr.line != 0 {
                self.line = instr.line;
            }
            if handler.is_some() && may_raise(instr.op) {
                self.record_unwind_stack(&mut unwind_stack)?;
            }
            let depth_before = self.stack.len() as i32;
            let is_last = index + 1 == range.end;
            match self.instruction(&instr, is_last)? {
                Some(t) => {
                    terminator = Some(t);
                    break;
                }
                None => {
                    let expected = instr.op.stack_effect(instr.arg);
                    let actual = self.stack.len() as i32 - depth_before;
                    if actual != expected {
                        return Err(self.malformed(format!(
                            "{} at offset {} changed the stack by {actual}, the opcode table says {expected}",
                            opname(instr.op),
                            instr.offset
                        )));
                    }
                }
            }
        }
        let terminator = match terminator {
            Some(t) => t,
            None => {
                let next = self
                    .bc
                    .instrs
                    .get(range.end)
                    .map(|i| i.offset)
                    .ok_or_else(|| self.malformed("falls off the end"))?;
                Terminator::Jump(self.edge_to(next)?)
            }
        };
        let unwind = match handler {
            Some(handler_offset) => {
                if unwind_stack.is_none() {
                    self.record_unwind_stack(&mut unwind_stack)?;
                }
                Some(self.unwind_edge(handler_offset, unwind_stack.unwrap_or_default())?)
            }
            None => None,
        };
        Ok(Block {
            id: self.id,
            params: self.params.clone(),
            catch_params: self.catch_params.clone(),
            unwind,
            insts: std::mem::take(&mut self.insts),
            terminator,
            terminator_line: self.line,
        })
    }

    /// The edge to the handler covering this block: the stack below the handler's depth
    /// (which the protected range never touches), then lasti and the exception, which
    /// the unwinder supplies.
    /// Notes the stack prefix an exception here would keep; every raising point of a
    /// block must keep the same one.
    fn record_unwind_stack(&mut self, seen: &mut Option<Vec<Slot>>) -> Result<(), FrontendError> {
        let h = *self.bc.handler_at(self.id.0).expect("the CFG found a handler");
        let depth = h.depth as usize;
        if self.stack.len() < depth {
            return Err(self.malformed(format!("handler block{} expects {depth} stack items", h.handler)));
        }
        for i in 0..depth {
            if let Slot::Function(_) = self.stack[i] {
                self.peek(self.stack.len() - i)?;
            }
        }
        let prefix = self.stack[..depth].to_vec();
        match seen {
            Some(previous) if *previous != prefix => {
                Err(self.malformed(format!("the stack kept for handler block{} changes inside the block", h.handler)))
            }
            Some(_) => Ok(()),
            None => {
                *seen = Some(prefix);
                Ok(())
            }
        }
    }

    fn unwind_edge(&mut self, handler_offset: u32, kept: Vec<Slot>) -> Result<Edge, FrontendError> {
        let h = *self.bc.handler_at(self.id.0).expect("the CFG found a handler");
        let mut nulls: Vec<bool> = kept.iter().map(|s| *s == Slot::Null).collect();
        let args = kept
            .iter()
            .filter_map(|s| match s {
                Slot::Value(v) => Some(v.clone()),
                _ => None,
            })
            .collect();
        let caught = 1 + usize::from(h.push_lasti);
        nulls.extend(std::iter::repeat_n(false, caught));
        self.out_shapes.push((handler_offset, EntryShape { nulls, caught }));
        Ok(Edge { block: BlockId(handler_offset), args })
    }

    fn unsupported(&self, instr: &Instr) -> FrontendError {
        FrontendError::Unsupported { opcode: opname(instr.op), line: instr.line }
    }

    /// Translates one instruction; returns the terminator when it ends the block.
    fn instruction(&mut self, instr: &Instr, is_last: bool) -> Result<Option<Terminator>, FrontendError> {
        use Instruction as I;
        let arg = instr.arg;
        match instr.op {
            I::Nop | I::Resume { .. } | I::NotTaken | I::Cache | I::ExtendedArg | I::CopyFreeVars { .. } => {}
            I::LoadFast { .. } | I::LoadFastBorrow { .. } | I::LoadFastCheck { .. } => {
                let name = self.local(arg)?;
                self.stack.push(Slot::Value(Var(name)));
            }
            I::LoadFastLoadFast { .. } | I::LoadFastBorrowLoadFastBorrow { .. } => {
                for index in [arg >> 4, arg & 15] {
                    let name = self.local(index)?;
                    self.stack.push(Slot::Value(Var(name)));
                }
            }
            I::LoadFastAndClear { .. } => {
                // Comprehensions save the outer binding of their variable; an unbound
                // variable saves as unbound.
                let name = self.local(arg)?;
                self.push_expr(Expr::SavedLocal(Var(name.clone())));
                self.emit(InstKind::Del(Var(name)));
            }
            I::StoreFast { .. } => {
                let value = self.pop()?;
                let name = self.local(arg)?;
                self.store_local(name, value);
            }
            I::StoreFastStoreFast { .. } => {
                for index in [arg >> 4, arg & 15] {
                    let value = self.pop()?;
                    let name = self.local(index)?;
                    self.store_local(name, value);
                }
            }
            I::StoreFastLoadFast { .. } => {
                let value = self.pop()?;
                let stored = self.local(arg >> 4)?;
                self.store_local(stored, value);
                let loaded = self.local(arg & 15)?;
                self.stack.push(Slot::Value(Var(loaded)));
            }
            I::DeleteFast { .. } => {
                let name = self.local(arg)?;
                self.protect_local(&name);
                // `del x` of an unbound `x` raises UnboundLocalError: a read says so
                // (liveness's own `del`s after a last use need none).
                self.emit(InstKind::Discard(Expr::Var(Var(name.clone()))));
                self.emit(InstKind::Del(Var(name)));
            }
            I::LoadConst { .. } => {
                let c = self.bc.constants.get(arg as usize).cloned().ok_or_else(|| self.malformed("no constant"))?;
                self.push_expr(Expr::Const(c));
            }
            I::LoadSmallInt { .. } => {
                self.push_expr(Expr::Const(Const::Int(i64::from(arg))));
            }
            I::LoadCommonConstant { idx } => {
                let name = idx.try_get(OpArg::new(arg)).map_err(|_| argument_out_of_range(instr))?.to_string();
                self.push_expr(Expr::Global(name));
            }
            I::LoadGlobal { .. } => {
                let name = self.name(arg >> 1)?;
                self.push_expr(Expr::Global(name));
                if arg & 1 == 1 {
                    self.stack.push(Slot::Null);
                }
            }
            I::StoreGlobal { .. } => {
                let value = self.pop()?;
                let name = self.name(arg)?;
                self.emit(InstKind::StoreGlobal { name, value });
            }
            I::DeleteGlobal { .. } => {
                let name = self.name(arg)?;
                self.emit(InstKind::DelGlobal(name));
            }
            I::LoadName { .. } => {
                let name = self.name(arg)?;
                self.push_expr(Expr::Name(name));
            }
            I::StoreName { .. } => {
                let value = self.pop()?;
                let name = self.name(arg)?;
                self.emit(InstKind::StoreName { name, value });
            }
            I::DeleteName { .. } => {
                let name = self.name(arg)?;
                self.emit(InstKind::DelName(name));
            }
            I::LoadDeref { .. } => {
                let name = self.local(arg)?;
                self.push_expr(Expr::Deref(name));
            }
            I::StoreDeref { .. } => {
                let value = self.pop()?;
                let name = self.local(arg)?;
                self.emit(InstKind::StoreDeref { name, value });
            }
            I::DeleteDeref { .. } => {
                let name = self.local(arg)?;
                self.emit(InstKind::DelDeref(name));
            }
            I::MakeCell { .. } => {
                let name = self.local(arg)?;
                self.emit(InstKind::MakeCell(name));
            }
            I::LoadAttr { .. } => {
                let obj = self.pop()?;
                let attr = self.name(arg >> 1)?;
                self.push_expr(Expr::GetAttr { obj, attr });
                if arg & 1 == 1 {
                    // A method load pushes (method, self) or (attribute, NULL); a bound
                    // attribute with NULL means the same call.
                    self.stack.push(Slot::Null);
                }
            }
            I::LoadSuperAttr { .. } => {
                let [sup, class, this] = <[Var; 3]>::try_from(self.pop_n(3)?).expect("three values");
                let proxy = self.assign(Expr::Call { func: sup, args: vec![class, this], kwargs: Vec::new() });
                let attr = self.name(arg >> 2)?;
                self.push_expr(Expr::GetAttr { obj: proxy, attr });
                if arg & 1 == 1 {
                    self.stack.push(Slot::Null);
                }
            }
            I::StoreAttr { .. } => {
                let obj = self.pop()?;
                let value = self.pop()?;
                let attr = self.name(arg)?;
                self.emit(InstKind::SetAttr { obj, attr, value });
            }
            I::DeleteAttr { .. } => {
                let obj = self.pop()?;
                let attr = self.name(arg)?;
                self.emit(InstKind::DelAttr { obj, attr });
            }
            I::BinaryOp { op } => {
                let rhs = self.pop()?;
                let lhs = self.pop()?;
                let value = binary(op.try_get(OpArg::new(arg)).map_err(|_| argument_out_of_range(instr))?, lhs, rhs)
                    .ok_or_else(|| self.unsupported(instr))?;
                self.push_expr(value);
            }
            I::BinarySlice => {
                let [obj, start, stop] = <[Var; 3]>::try_from(self.pop_n(3)?).expect("three values");
                self.push_expr(Expr::GetSlice { obj, start, stop });
            }
            I::StoreSlice => {
                let [value, obj, start, stop] = <[Var; 4]>::try_from(self.pop_n(4)?).expect("four values");
                self.emit(InstKind::SetSlice { obj, start, stop, value });
            }
            I::StoreSubscr => {
                let [value, obj, index] = <[Var; 3]>::try_from(self.pop_n(3)?).expect("three values");
                self.emit(InstKind::SetItem { obj, index, value });
            }
            I::DeleteSubscr => {
                let [obj, index] = <[Var; 2]>::try_from(self.pop_n(2)?).expect("two values");
                self.emit(InstKind::DelItem { obj, index });
            }
            I::CompareOp { .. } => {
                let rhs = self.pop()?;
                let lhs = self.pop()?;
                let op = match oparg::ComparisonOperator::try_from(arg).map_err(|_| self.malformed("bad comparison"))? {
                    oparg::ComparisonOperator::Less => CmpOp::Lt,
                    oparg::ComparisonOperator::LessOrEqual => CmpOp::Le,
                    oparg::ComparisonOperator::Equal => CmpOp::Eq,
                    oparg::ComparisonOperator::NotEqual => CmpOp::Ne,
                    oparg::ComparisonOperator::Greater => CmpOp::Gt,
                    oparg::ComparisonOperator::GreaterOrEqual => CmpOp::Ge,
                };
                let compared = self.push_expr(Expr::Compare { op, lhs, rhs });
                if arg & oparg::COMPARE_OP_BOOL_MASK != 0 {
                    self.stack.pop();
                    self.push_expr(Expr::Truth(compared));
                }
            }
            I::IsOp { .. } | I::ContainsOp { .. } => {
                let rhs = self.pop()?;
                let lhs = self.pop()?;
                let invert = arg == 1;
                let op = match (instr.op, invert) {
                    (I::IsOp { .. }, false) => CmpOp::Is,
                    (I::IsOp { .. }, true) => CmpOp::IsNot,
                    (_, false) => CmpOp::In,
                    (_, true) => CmpOp::NotIn,
                };
                self.push_expr(Expr::Compare { op, lhs, rhs });
            }
            I::UnaryNegative | I::UnaryInvert | I::UnaryNot => {
                let operand = self.pop()?;
                let op = match instr.op {
                    I::UnaryNegative => UnaryOp::Neg,
                    I::UnaryInvert => UnaryOp::Invert,
                    _ => UnaryOp::Not,
                };
                self.push_expr(Expr::Unary { op, operand });
            }
            I::ToBool => {
                let value = self.pop()?;
                self.push_expr(Expr::Truth(value));
            }
            I::CallIntrinsic1 { func } => {
                let value = self.pop()?;
                let func = func.try_get(OpArg::new(arg)).map_err(|_| argument_out_of_range(instr))?;
                let expr = match func {
                    oparg::IntrinsicFunction1::UnaryPositive => Expr::Unary { op: UnaryOp::Pos, operand: value },
                    oparg::IntrinsicFunction1::ListToTuple
                    | oparg::IntrinsicFunction1::Print
                    | oparg::IntrinsicFunction1::StopIterationError
                    | oparg::IntrinsicFunction1::ImportStar => {
                        Expr::Intrinsic { name: func.desc().to_owned(), args: vec![value] }
                    }
                    _ => return Err(self.unsupported(instr)),
                };
                self.push_expr(expr);
            }
            I::PushNull => self.stack.push(Slot::Null),
            I::Call { .. } => {
                let args = self.pop_n(arg as usize)?;
                self.call(args, Vec::new())?;
            }
            I::CallKw { .. } => {
                let names_var = self.pop()?;
                let Some(Const::Tuple(names)) = self.constants.get(&names_var).cloned() else {
                    return Err(self.malformed("CALL_KW without a constant tuple of names"));
                };
                let mut args = self.pop_n(arg as usize)?;
                let split =
                    args.len().checked_sub(names.len()).ok_or_else(|| self.malformed("more names than arguments"))?;
                let values = args.split_off(split);
                let mut kwargs = Vec::new();
                for (name, value) in names.iter().zip(values) {
                    let Const::Str(name) = name else { return Err(self.malformed("keyword name is not a string")) };
                    kwargs.push((name.clone(), value));
                }
                self.call(args, kwargs)?;
            }
            I::CallFunctionEx => {
                let kwargs = match self.pop_slot()? {
                    Slot::Null => None,
                    Slot::Value(v) => Some(v),
                    Slot::Function(f) => Some(self.materialize(*f)),
                };
                let args = self.pop()?;
                let self_or_null = self.pop_slot()?;
                let func = self.pop()?;
                if self_or_null != Slot::Null {
                    return Err(self.unsupported(instr));
                }
                self.push_expr(Expr::CallEx { func, args, kwargs });
            }
            I::ReturnValue => {
                let value = self.pop()?;
                return Ok(Some(Terminator::Return(value)));
            }
            I::PopTop | I::PopIter | I::EndFor => {
                self.pop_slot()?;
            }
            I::Copy { .. } => {
                let index =
                    self.stack.len().checked_sub(arg as usize).ok_or_else(|| self.malformed("COPY below the stack"))?;
                self.peek(arg as usize)?;
                let slot = self.stack[index].clone();
                self.stack.push(slot);
            }
            I::Swap { .. } => {
                // SWAP(n) exchanges the top with the n-th slot (from 1, the top itself).
                let other = self.stack.len().checked_sub(arg as usize).filter(|_| arg >= 1);
                let other = other.ok_or_else(|| self.malformed("SWAP below the stack"))?;
                let top = self.stack.len() - 1;
                self.stack.swap(top, other);
            }
            I::BuildTuple { .. } | I::BuildList { .. } | I::BuildSet { .. } | I::BuildString { .. } => {
                let items = self.pop_n(arg as usize)?;
                self.push_expr(match instr.op {
                    I::BuildTuple { .. } => Expr::BuildTuple(items),
                    I::BuildList { .. } => Expr::BuildList(items),
                    I::BuildSet { .. } => Expr::BuildSet(items),
                    _ => Expr::BuildString(items),
                });
            }
            I::BuildMap { .. } => {
                let items = self.pop_n(2 * arg as usize)?;
                let pairs = items.chunks(2).map(|kv| (kv[0].clone(), kv[1].clone())).collect();
                self.push_expr(Expr::BuildMap(pairs));
            }
            I::BuildSlice { .. } => {
                let items = self.pop_n(arg as usize)?;
                self.push_expr(Expr::BuildSlice(items));
            }
            I::ListAppend { .. }
            | I::SetAdd { .. }
            | I::ListExtend { .. }
            | I::SetUpdate { .. }
            | I::DictUpdate { .. }
            | I::DictMerge { .. } => {
                let value = self.pop()?;
                let target = self.peek(arg as usize)?;
                let expr = match instr.op {
                    I::ListAppend { .. } => Expr::ListAppend { list: target, value },
                    I::SetAdd { .. } => Expr::SetAdd { set: target, value },
                    I::ListExtend { .. } => Expr::ListExtend { list: target, value },
                    I::SetUpdate { .. } => Expr::SetUpdate { set: target, value },
                    I::DictUpdate { .. } => Expr::DictUpdate { map: target, value },
                    _ => Expr::DictMerge { map: target, value },
                };
                self.emit(InstKind::Discard(expr));
            }
            I::MapAdd { .. } => {
                let value = self.pop()?;
                let key = self.pop()?;
                let map = self.peek(arg as usize)?;
                self.emit(InstKind::Discard(Expr::MapAdd { map, key, value }));
            }
            I::FormatSimple => {
                let value = self.pop()?;
                self.push_expr(Expr::Format { value, conversion: None, spec: None });
            }
            I::FormatWithSpec => {
                let spec = self.pop()?;
                let value = self.pop()?;
                self.push_expr(Expr::Format { value, conversion: None, spec: Some(spec) });
            }
            I::ConvertValue { .. } => {
                let value = self.pop()?;
                let name = match arg {
                    1 => "str",
                    2 => "repr",
                    3 => "ascii",
                    _ => return Err(self.malformed("bad conversion")),
                };
                self.push_expr(Expr::Intrinsic { name: name.to_owned(), args: vec![value] });
            }
            I::GetIter => {
                let value = self.pop()?;
                self.push_expr(Expr::GetIter(value));
            }
            I::ForIter { .. } => {
                let iterator = self.peek(1)?;
                let pair = self.assign(Expr::IterNext(iterator));
                let value = self.assign(Expr::PairFirst(pair.clone()));
                let valid = self.assign(Expr::PairSecond(pair));
                let exit = for_iter_exit(self.bc, instr.target.expect("FOR_ITER has a target"));
                let otherwise = self.edge_to(exit)?;
                self.stack.push(Slot::Value(value));
                let then = self.edge_to(instr.next)?;
                return Ok(Some(Terminator::Branch { cond: valid, then, otherwise }));
            }
            I::JumpForward { .. } | I::JumpBackward { .. } | I::JumpBackwardNoInterrupt { .. } => {
                let edge = self.edge_to(instr.target.expect("jumps have targets"))?;
                return Ok(Some(Terminator::Jump(edge)));
            }
            I::PopJumpIfFalse { .. }
            | I::PopJumpIfTrue { .. }
            | I::PopJumpIfNone { .. }
            | I::PopJumpIfNotNone { .. } => {
                let value = self.pop()?;
                let cond = match instr.op {
                    I::PopJumpIfNone { .. } | I::PopJumpIfNotNone { .. } => {
                        let none = self.assign(Expr::Const(Const::None));
                        self.assign(Expr::Compare { op: CmpOp::Is, lhs: value, rhs: none })
                    }
                    _ => value,
                };
                let jump = self.edge_to(instr.target.expect("branches have targets"))?;
                let fall = self.edge_to(instr.next)?;
                let (then, otherwise) = match instr.op {
                    I::PopJumpIfTrue { .. } | I::PopJumpIfNone { .. } => (jump, fall),
                    _ => (fall, jump),
                };
                return Ok(Some(Terminator::Branch { cond, then, otherwise }));
            }
            I::RaiseVarargs { .. } => {
                let (exc, cause) = match arg {
                    0 => (None, None),
                    1 => (Some(self.pop()?), None),
                    2 => {
                        let cause = self.pop()?;
                        (Some(self.pop()?), Some(cause))
                    }
                    _ => return Err(self.malformed("bad RAISE_VARARGS")),
                };
                return Ok(Some(Terminator::Raise { exc, cause }));
            }
            I::Reraise { .. } => {
                let exc = self.pop()?;
                return Ok(Some(Terminator::Reraise(exc)));
            }
            I::PushExcInfo => {
                let exc = self.pop()?;
                self.push_expr(Expr::ExcInfo(exc.clone()));
                self.stack.push(Slot::Value(exc));
            }
            I::PopExcept => {
                let previous = self.pop()?;
                self.emit(InstKind::PopExcept(previous));
            }
            I::CheckExcMatch => {
                let ty = self.pop()?;
                let exc = self.peek(1)?;
                self.push_expr(Expr::ExcMatch { exc, ty });
            }
            I::WithExceptStart => {
                let exit = self.peek(5)?;
                let exc = self.peek(1)?;
                self.push_expr(Expr::WithExceptStart { exit, exc });
            }
            I::LoadSpecial { method } => {
                let obj = self.pop()?;
                let method = method.try_get(OpArg::new(arg)).map_err(|_| argument_out_of_range(instr))?.to_string();
                self.push_expr(Expr::LoadSpecial { obj: obj.clone(), method });
                self.stack.push(Slot::Value(obj));
            }
            I::MakeFunction => {
                let code = self.pop()?;
                self.stack.push(Slot::Function(Box::new(PendingFunction { code: Some(code), ..Default::default() })));
            }
            I::SetFunctionAttribute { flag } => {
                let Slot::Function(mut pending) = self.pop_slot()? else {
                    return Err(self.malformed("SET_FUNCTION_ATTRIBUTE without a function"));
                };
                let value = self.pop()?;
                let slot = match flag.try_get(OpArg::new(arg)).map_err(|_| argument_out_of_range(instr))? {
                    oparg::MakeFunctionFlag::Defaults => &mut pending.defaults,
                    oparg::MakeFunctionFlag::KwOnlyDefaults => &mut pending.kwdefaults,
                    oparg::MakeFunctionFlag::Closure => &mut pending.closure,
                    oparg::MakeFunctionFlag::Annotations | oparg::MakeFunctionFlag::Annotate => {
                        &mut pending.annotations
                    }
                    _ => return Err(self.unsupported(instr)),
                };
                *slot = Some(value);
                self.stack.push(Slot::Function(pending));
            }
            I::ReturnGenerator => self.stack.push(Slot::Null),
            I::YieldValue { .. } => {
                let value = self.pop()?;
                self.push_expr(Expr::Yield(value));
            }
            I::ImportName { .. } => {
                let fromlist = self.pop()?;
                let level = self.pop()?;
                let name = self.name(arg)?;
                self.push_expr(Expr::Import { name, fromlist, level });
            }
            I::ImportFrom { .. } => {
                let module = self.peek(1)?;
                let name = self.name(arg)?;
                self.push_expr(Expr::ImportFrom { module, name });
            }
            I::UnpackSequence { .. } => {
                let value = self.pop()?;
                let count = arg as usize;
                let items = self.assign(Expr::ExhaustIter { value, count });
                for index in (0..count).rev() {
                    self.push_expr(Expr::StaticGetItem { obj: items.clone(), index });
                }
            }
            I::UnpackEx { .. } => {
                let value = self.pop()?;
                let (before, after) = ((arg & 0xFF) as usize, (arg >> 8) as usize);
                let items = self.assign(Expr::UnpackEx { value, before, after });
                for index in (0..before + 1 + after).rev() {
                    self.push_expr(Expr::StaticGetItem { obj: items.clone(), index });
                }
            }
            I::LoadBuildClass => {
                self.push_expr(Expr::BuildClass);
            }
            I::LoadLocals => {
                self.push_expr(Expr::Locals);
            }
            I::SetupAnnotations => self.emit(InstKind::SetupAnnotations),
            _ => return Err(self.unsupported(instr)),
        }
        let _ = is_last;
        Ok(None)
    }

    /// `CALL`: the callable, `self` or NULL, then the arguments (already popped).
    fn call(&mut self, args: Vec<Var>, kwargs: Vec<(String, Var)>) -> Result<(), FrontendError> {
        let self_or_null = self.pop_slot()?;
        let func = self.pop()?;
        let args = match self_or_null {
            Slot::Null => args,
            Slot::Value(this) => std::iter::once(this).chain(args).collect(),
            Slot::Function(f) => {
                let this = self.materialize(*f);
                std::iter::once(this).chain(args).collect()
            }
        };
        self.push_expr(Expr::Call { func, args, kwargs });
        Ok(())
    }
}

/// Instructions that only move values between locals and the stack, which cannot raise;
/// the rest may, and so decide what a handler keeps.
fn may_raise(op: Instruction) -> bool {
    use Instruction as I;
    !matches!(
        op,
        I::Nop
            | I::Resume { .. }
            | I::NotTaken
            | I::PushExcInfo
            | I::PopTop
            | I::PushNull
            | I::Copy { .. }
            | I::Swap { .. }
            | I::LoadConst { .. }
            | I::LoadSmallInt { .. }
            | I::LoadFast { .. }
            | I::LoadFastBorrow { .. }
            | I::LoadFastLoadFast { .. }
            | I::LoadFastBorrowLoadFastBorrow { .. }
            | I::StoreFast { .. }
            | I::StoreFastStoreFast { .. }
            | I::JumpForward { .. }
            | I::JumpBackwardNoInterrupt { .. }
            | I::PopExcept
    )
}

fn binary(op: oparg::BinaryOperator, lhs: Var, rhs: Var) -> Option<Expr> {
    use oparg::BinaryOperator as B;
    let (op, inplace) = match op {
        B::Add => (BinOp::Add, false),
        B::Subtract => (BinOp::Sub, false),
        B::Multiply => (BinOp::Mul, false),
        B::TrueDivide => (BinOp::TrueDiv, false),
        B::FloorDivide => (BinOp::FloorDiv, false),
        B::Remainder => (BinOp::Mod, false),
        B::Power => (BinOp::Pow, false),
        B::MatrixMultiply => (BinOp::MatMul, false),
        B::Lshift => (BinOp::LShift, false),
        B::Rshift => (BinOp::RShift, false),
        B::And => (BinOp::And, false),
        B::Or => (BinOp::Or, false),
        B::Xor => (BinOp::Xor, false),
        B::InplaceAdd => (BinOp::Add, true),
        B::InplaceSubtract => (BinOp::Sub, true),
        B::InplaceMultiply => (BinOp::Mul, true),
        B::InplaceTrueDivide => (BinOp::TrueDiv, true),
        B::InplaceFloorDivide => (BinOp::FloorDiv, true),
        B::InplaceRemainder => (BinOp::Mod, true),
        B::InplacePower => (BinOp::Pow, true),
        B::InplaceMatrixMultiply => (BinOp::MatMul, true),
        B::InplaceLshift => (BinOp::LShift, true),
        B::InplaceRshift => (BinOp::RShift, true),
        B::InplaceAnd => (BinOp::And, true),
        B::InplaceOr => (BinOp::Or, true),
        B::InplaceXor => (BinOp::Xor, true),
        B::Subscr => return Some(Expr::GetItem { obj: lhs, index: rhs }),
    };
    Some(if inplace { Expr::Inplace { op, lhs, rhs } } else { Expr::Binary { op, lhs, rhs } })
}
