//! Stage 5, type inference, after Numba's: build the type-dependence graph from the
//! definitions (an edge from every operand to the variable it helps define), condense
//! its strongly connected components (loops make cycles), resolve them in topological
//! order, and iterate inside each component to a fixpoint, unifying at merges with the
//! promotion table of `types`.
//!
//! Assumes IR after the untyped rewrites. Python locals keep one type for the whole
//! function, as in Numba. Calls to user functions are typed through their own
//! signatures; recursion is typed by iterating the callee's return type from "unknown"
//! until it stops changing.

mod error;
mod module_env;
mod rules;

pub use module_env::{is_builtin, StaticModuleEnv};

pub use error::TypingError;
pub use rules::{Identity, Operation, SupportedOperation, Target, TypingContext, SCALAR_TYPES};

use std::collections::BTreeMap;

use rustc_hash::{FxHashMap as HashMap, FxHashSet as HashSet};

use petgraph::algo::tarjan_scc;
use petgraph::graph::DiGraph;

use crate::ir::{expr_uses, print, Const, Expr, Function, InstKind, Terminator, Var};
use crate::ops;
use crate::types::{unify, DictViewKind, Type};

/// What a global name of the function's module refers to.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum Global {
    Builtin(String),
    Module(String),
    /// A user function, by qualified name (see [`Environment::function`]).
    Function(String),
    /// A global native code could take (a number, a container) but does not here, and
    /// why (`--jit-log` says it).
    Refused(String),
    Unknown,
}

/// Where type inference learns about globals and other functions.
pub trait Environment {
    fn global(&self, name: &str) -> Global;
    fn function(&self, qualname: &str) -> Option<&Function>;
    /// The values of the function's defaults (for its last parameters), when each is a
    /// constant native code can hold; `None` when it has none or they are not known.
    fn defaults(&self, _qualname: &str) -> Option<&[Const]> {
        None
    }
}

/// `func` for a call that passes its first `given` parameters: the others become
/// locals set from `defaults` (the values of the last parameters' defaults) in a new
/// entry block, before the code as written runs. `None` when the defaults do not cover
/// the parameters left out, or the entry block takes values.
pub fn with_defaults_bound(func: &Function, given: usize, defaults: &[Const]) -> Option<Function> {
    let missing = func.params.len().checked_sub(given)?;
    if missing == 0 || defaults.len() < missing || !func.blocks.first()?.params.is_empty() {
        return None;
    }
    let entry = func.blocks.first()?;
    let fresh = crate::ir::BlockId(func.blocks.iter().map(|b| b.id.0).max()? + 1);
    let line = func.first_line;
    let insts = func.params[given..]
        .iter()
        .zip(&defaults[defaults.len() - missing..])
        .map(|(param, value)| crate::ir::Inst {
            kind: crate::ir::InstKind::Assign { target: Var(param.clone()), value: Expr::Const(value.clone()) },
            line,
        })
        .collect();
    let bind = crate::ir::Block {
        id: fresh,
        params: Vec::new(),
        catch_params: Vec::new(),
        unwind: None,
        insts,
        terminator: crate::ir::Terminator::Jump(crate::ir::Edge { block: entry.id, args: Vec::new() }),
        terminator_line: line,
    };
    let mut bound = func.clone();
    bound.params.truncate(given);
    bound.blocks.insert(0, bind);
    Some(bound)
}

/// A function typed for one signature.
#[derive(Debug, Clone)]
pub struct Typed {
    pub function: Function,
    pub args: Vec<Type>,
    /// Every variable's type, temporaries included.
    pub types: BTreeMap<Var, Type>,
    pub return_type: Type,
}

impl Typed {
    /// One line per Python variable, then the return type: the golden-test form.
    pub fn variable_table(&self) -> String {
        let mut out = String::new();
        for (var, ty) in &self.types {
            if !var.is_temp() {
                out.push_str(&format!("{var}: {ty}\n"));
            }
        }
        out.push_str(&format!("return: {}\n", self.return_type));
        out
    }
}

/// Types functions, caching each (function, argument types) pair.
pub struct Inferencer<'e> {
    pub context: TypingContext,
    env: &'e dyn Environment,
    finished: HashMap<(String, Vec<Type>), Result<Typed, TypingError>>,
    /// Return types of functions being typed, as far as known, for recursive calls.
    in_progress: HashMap<(String, Vec<Type>), Option<Type>>,
    /// Functions in progress whose partial return type a recursive call has read: only
    /// those need another round.
    recursed: HashSet<(String, Vec<Type>)>,
}

/// How many times a recursive function is re-typed before giving up.
const RECURSION_ROUNDS: usize = 8;

impl<'e> Inferencer<'e> {
    pub fn new(context: TypingContext, env: &'e dyn Environment) -> Self {
        Inferencer {
            context,
            env,
            finished: HashMap::default(),
            in_progress: HashMap::default(),
            recursed: HashSet::default(),
        }
    }

    /// Types the environment's function `qualname` for `args`.
    pub fn infer(&mut self, qualname: &str, args: &[Type]) -> Result<Typed, TypingError> {
        let key = (qualname.to_owned(), args.to_vec());
        if let Some(done) = self.finished.get(&key) {
            return done.clone();
        }
        let mut func = self.env.function(qualname).cloned().ok_or_else(|| TypingError::Unsupported {
            function: qualname.to_owned(),
            what: format!("no function named {qualname}"),
            line: 0,
        })?;
        // A call that leaves out parameters with defaults: the defaults are bound in the
        // callee, as the interpreter binds them.
        if args.len() < func.params.len() {
            if let Some(bound) = self.env.defaults(qualname).and_then(|d| with_defaults_bound(&func, args.len(), d)) {
                func = bound;
            }
        }
        let result = self.infer_function(&func, args);
        self.finished.insert(key, result.clone());
        result
    }

    /// Types `func` for `args`.
    pub fn infer_function(&mut self, func: &Function, args: &[Type]) -> Result<Typed, TypingError> {
        let key = (func.qualname.clone(), args.to_vec());
        self.in_progress.insert(key.clone(), None);
        let result = (|| {
            for _ in 0..RECURSION_ROUNDS {
                self.recursed.remove(&key);
                let solution = self.solve(func, args)?;
                let seen = self.in_progress.get(&key).cloned().flatten();
                // Without a recursive call, one round is the answer.
                if !self.recursed.contains(&key) || solution.return_type == seen {
                    return solution.finish(func, args);
                }
                self.in_progress.insert(key.clone(), solution.return_type);
            }
            Err(TypingError::Unsupported {
                function: func.qualname.clone(),
                what: "its recursion does not settle on a return type".into(),
                line: func.first_line,
            })
        })();
        self.in_progress.remove(&key);
        self.recursed.remove(&key);
        result
    }

    /// One pass over the dependence graph.
    fn solve(&mut self, func: &Function, args: &[Type]) -> Result<Solution, TypingError> {
        let fail = |what: String, line: u32| TypingError::Unsupported { function: func.qualname.clone(), what, line };
        if func.is_generator {
            return Err(fail("generators stay in the interpreter".into(), func.first_line));
        }
        // Numba types no instance of a plain class (a `jitclass` is another thing), and no
        // Python dict (a `typed.Dict` is another thing).
        if let Some(object) = args
            .iter()
            .find(|a| matches!(a, Type::Object(_) | Type::Dict(..)))
            .filter(|_| !self.context.python_semantics)
        {
            return Err(fail(format!("an argument is a {object}, which nopython mode does not type"), func.first_line));
        }
        if !func.cells.is_empty() {
            return Err(fail("closures (cell variables) stay in the interpreter".into(), func.first_line));
        }
        if args.len() != func.params.len() {
            return Err(fail(format!("takes {} arguments, given {}", func.params.len(), args.len()), func.first_line));
        }
        let defs = Definitions::collect(func, args)?;
        // The dependence graph over variables, condensed into components.
        let mut graph = DiGraph::<usize, ()>::new();
        let nodes: Vec<_> = (0..defs.vars.len()).map(|i| graph.add_node(i)).collect();
        for (target, sources) in defs.sources.iter().enumerate() {
            for source in sources {
                for operand in source.operands() {
                    if let Some(&from) = defs.index.get(operand) {
                        graph.add_edge(nodes[from], nodes[target], ());
                    }
                }
            }
        }
        let mut components = tarjan_scc(&graph);
        components.reverse(); // tarjan yields sinks first
        let mut types: HashMap<Var, Type> = HashMap::default();
        let mut origin: HashMap<Var, u32> = HashMap::default();
        for component in components {
            loop {
                let mut changed = false;
                for &node in &component {
                    let var_index = graph[node];
                    let var = &defs.vars[var_index];
                    for source in &defs.sources[var_index] {
                        let Some(ty) = self.source_type(func, source, &types)? else { continue };
                        // A parameter has no line of its own: it is bound where the function starts.
                        let source_line = if source.line() == 0 { func.first_line } else { source.line() };
                        match types.get(var) {
                            None => {
                                types.insert(var.clone(), ty);
                                origin.insert(var.clone(), source_line);
                                changed = true;
                            }
                            Some(current) => match unify(current, &ty).filter(|_| self.context.may_merge(current, &ty))
                            {
                                Some(joined) if joined == *current => {}
                                Some(joined) => {
                                    types.insert(var.clone(), joined);
                                    changed = true;
                                }
                                None => {
                                    return Err(TypingError::Conflict {
                                        function: func.qualname.clone(),
                                        var: var.0.clone(),
                                        first: (current.clone(), origin[var]),
                                        second: (ty, source_line),
                                    })
                                }
                            },
                        }
                    }
                }
                if !changed {
                    break;
                }
            }
        }
        self.check_statements(func, &types)
    }

    fn source_type(
        &mut self,
        func: &Function,
        source: &Source,
        types: &HashMap<Var, Type>,
    ) -> Result<Option<Type>, TypingError> {
        match source {
            Source::Param(ty) => Ok(Some(ty.clone())),
            Source::Copy(var, _) => Ok(types.get(*var).cloned()),
            Source::Expr(expr, line) => self.expr_type(func, expr, *line, types),
            Source::Appended(value, line) => {
                match types.get(*value) {
                    None => Ok(None),
                    Some(item) => self.context.build_list(std::slice::from_ref(item)).map(Some).map_err(|what| {
                        TypingError::Unsupported { function: func.qualname.clone(), what, line: *line }
                    }),
                }
            }
            Source::Extended(value, line) => match types.get(*value) {
                None => Ok(None),
                Some(Type::List(item)) => Ok(Some(Type::List(item.clone()))),
                Some(other) => Err(TypingError::Unsupported {
                    function: func.qualname.clone(),
                    what: format!("extending a list with a {other} in native code"),
                    line: *line,
                }),
            },
            Source::Caught(line) => Err(TypingError::Unsupported {
                function: func.qualname.clone(),
                what: "exception handlers stay in the interpreter".into(),
                line: *line,
            }),
        }
    }

    /// The type of an expression, `None` while an operand is unknown.
    fn expr_type(
        &mut self,
        func: &Function,
        expr: &Expr,
        line: u32,
        types: &HashMap<Var, Type>,
    ) -> Result<Option<Type>, TypingError> {
        let fail = |what: String| TypingError::Unsupported { function: func.qualname.clone(), what, line };
        let mut operands = Vec::new();
        expr_uses(expr, &mut operands);
        let mut known = Vec::with_capacity(operands.len());
        for v in &operands {
            match types.get(*v) {
                Some(t) => known.push(t.clone()),
                None => return Ok(None),
            }
        }
        let ctx = self.context;
        let ty = |v: &Var| types[v].clone();
        let result = match expr {
            Expr::Var(v) | Expr::SavedLocal(v) => Ok(ty(v)),
            Expr::Const(c) => ctx.constant(c),
            Expr::Global(name) => match self.env.global(name) {
                Global::Builtin(b) if ctx.has_builtin(&b) => Ok(Type::Builtin(b)),
                Global::Builtin(b) if b == "print" => {
                    Err("print() does I/O, which stays in the interpreter".to_owned())
                }
                Global::Builtin(b) => Err(format!("the builtin {b}() is not supported in native code")),
                Global::Module(m) if ctx.has_module(&m) => Ok(Type::Module(m)),
                Global::Module(m) => Err(format!("the module {m} is not supported in native code")),
                Global::Function(f) => Ok(Type::Function(f)),
                Global::Refused(why) => Err(format!("`{name}` is not a global pynum can compile against: {why}")),
                Global::Unknown => Err(format!("`{name}` is not a global pynum can compile against")),
            },
            Expr::GetAttr { obj, attr } => match ty(obj) {
                Type::Module(m) => ctx.module_attribute(&m, attr),
                Type::Complex128 if attr == "real" || attr == "imag" => Ok(Type::FLOAT64),
                other => ctx.getattr(&other, attr),
            },
            Expr::Inplace { op, lhs, rhs } if matches!(ty(lhs), Type::Array { .. }) => {
                ctx.array_inplace(*op, &ty(lhs), &ty(rhs))
            }
            Expr::Binary { op, lhs, rhs } | Expr::Inplace { op, lhs, rhs } => ctx.binary(*op, &ty(lhs), &ty(rhs)),
            Expr::Compare { op, lhs, rhs } => ctx.compare(*op, &ty(lhs), &ty(rhs)),
            Expr::Unary { op, operand } => ctx.unary(*op, &ty(operand)),
            Expr::Truth(v) => ctx.truth(&ty(v)),
            Expr::Call { func: callee, args, kwargs } if kwargs.is_empty() => {
                let arg_types: Vec<Type> = args.iter().map(ty).collect();
                match ty(callee) {
                    Type::Builtin(name) => ctx.builtin_call(&name, &arg_types),
                    Type::ModuleFunction(module, name) => ctx.module_call(&module, &name, &arg_types),
                    Type::NumberClass(number) => ctx.number_class_call(&number, &arg_types),
                    Type::Function(qualname) => return self.call_user_function(func, &qualname, &arg_types, line),
                    Type::Method(receiver, name) => ctx.method_call(&receiver, &name, &arg_types),
                    other => Err(format!("calling a {other}")),
                }
            }
            // `np.zeros(shape, dtype=...)`: a keyword the op takes as its next positional.
            Expr::Call { func: callee, args, kwargs }
                if ops::keyword_as_positional(&ty(callee), args.len(), kwargs) =>
            {
                let arg_types: Vec<Type> = args.iter().chain(kwargs.iter().map(|(_, v)| v)).map(ty).collect();
                match ty(callee) {
                    Type::ModuleFunction(module, name) => ctx.module_call(&module, &name, &arg_types),
                    other => Err(format!("calling a {other} with keywords")),
                }
            }
            Expr::Call { .. } => Err("calls with keyword arguments are not supported in native code yet".to_owned()),
            Expr::RangeIter { .. } if known.iter().all(Type::is_integer) => Ok(Type::RangeIter),
            Expr::RangeIter { .. } => {
                Err(format!("range() with ({})", known.iter().map(Type::to_string).collect::<Vec<_>>().join(", ")))
            }
            Expr::GetIter(v) => iterator_of(ty(v)),
            Expr::IterNext(v) => next_item_of(ty(v)).map(|item| Type::IterPair(Box::new(item))),
            Expr::PairFirst(v) => match ty(v) {
                Type::IterPair(item) => Ok(*item),
                other => Err(format!("pair_first of {other}")),
            },
            Expr::PairSecond(_) => Ok(Type::Bool),
            Expr::BuildTuple(items) => Ok(Type::Tuple(items.iter().map(ty).collect())),
            Expr::StaticGetItem { obj, index } => match ty(obj) {
                Type::Tuple(items) if *index < items.len() => Ok(items[*index].clone()),
                other => Err(format!("item {index} of {other}")),
            },
            Expr::ExhaustIter { value, count } => match ty(value) {
                Type::Tuple(items) if items.len() == *count => Ok(Type::Tuple(items)),
                Type::Tuple(items) => Err(format!("cannot unpack {} values into {count}", items.len())),
                other => Err(format!("unpacking a {other} in native code")),
            },
            // `a, *rest, z = t` with `t` a tuple, whose length typing knows: `rest` is a
            // new list of the middle items (an empty one holds ints, as `[]` would).
            Expr::UnpackEx { value, before, after } => match ty(value) {
                Type::Tuple(items) if items.len() >= before + after => {
                    let middle = &items[*before..items.len() - after];
                    let rest =
                        if middle.is_empty() { Ok(Type::List(Box::new(Type::INT64))) } else { ctx.build_list(middle) };
                    rest.map(|rest| {
                        let mut unpacked = items[..*before].to_vec();
                        unpacked.push(rest);
                        unpacked.extend_from_slice(&items[items.len() - after..]);
                        Type::Tuple(unpacked)
                    })
                }
                Type::Tuple(items) => {
                    Err(format!("cannot unpack {} values into {} and a starred target", items.len(), before + after))
                }
                other => Err(format!("unpacking a {other} into a starred target in native code")),
            },
            Expr::BuildList(items) if !items.is_empty() => ctx.build_list(&items.iter().map(ty).collect::<Vec<_>>()),
            // An append (a comprehension's, or `xs.append(x)` after the `list_append`
            // rewrite): of the list's item type exactly (the list took its type from its
            // appends, so another type here is a second kind of item).
            Expr::ListAppend { list, value } => match ty(list) {
                Type::List(item) if *item == ty(value) => Ok(Type::NoneType),
                other => Err(format!("appending a {} to a {other} in native code", ty(value))),
            },
            // `xs.insert(i, x)` after the `list_append` rewrite: an int index, an item of
            // the list's type exactly.
            Expr::ListInsert { list, index, value } => match (ty(list), ty(index)) {
                (Type::List(item), index) if *item == ty(value) && index.is_integer() => Ok(Type::NoneType),
                (other, index) => {
                    Err(format!("inserting a {} at a {index} index of a {other} in native code", ty(value)))
                }
            },
            // `xs.pop()` after the `list_append` rewrite: an item of the list's type.
            Expr::ListPop { list } => match ty(list) {
                Type::List(item) => Ok(*item),
                other => Err(format!("popping from a {other} in native code")),
            },
            // `[]` types from its appends (`type_appended_lists`), which the
            // `list_append` rewrite makes only for a list no other name or call can hold.
            Expr::BuildList(_) => Err("an empty list `[]` in native code that is not only appended to and popped \
                 from by its one name (it is copied, passed on, stored, or iterated while it changes)"
                .to_owned()),
            // `xs.extend(ys)` after the `list_append` rewrite: a list of the same items.
            Expr::ListExtend { list, value } if !list.is_temp() => match (ty(list), ty(value)) {
                (Type::List(item), Type::List(other)) if item == other => Ok(Type::NoneType),
                (list, other) => Err(format!("extending a {list} with a {other} in native code")),
            },
            Expr::ListExtend { .. } => {
                Err("list literals other than `[x, ...]` and `[x] * n` are not supported in native code yet".to_owned())
            }
            Expr::BuildSlice(bounds) if (2..=3).contains(&bounds.len()) => {
                let mut types: Vec<Type> = bounds.iter().map(ty).collect();
                types.resize(3, Type::NoneType);
                match types.iter().all(Type::is_slice_bound) {
                    true => Ok(Type::Slice(types)),
                    false => Err(format!(
                        "a slice of ({}) in native code",
                        types.iter().map(Type::to_string).collect::<Vec<_>>().join(", ")
                    )),
                }
            }
            Expr::GetSlice { obj, start, stop } => {
                let bounds = vec![ty(start), ty(stop), Type::NoneType];
                if bounds.iter().all(Type::is_slice_bound) {
                    ctx.getitem(&ty(obj), &Type::Slice(bounds))
                } else {
                    Err(format!("slicing with ({}, {}) in native code", bounds[0], bounds[1]))
                }
            }
            Expr::GetItem { obj, index } => match (ty(obj), constant_int(func, index)) {
                // `t[k]` with `k` a literal: any tuple, each item its own type.
                (Type::Tuple(items), Some(k)) => {
                    let at = if k < 0 { k + items.len() as i64 } else { k };
                    usize::try_from(at)
                        .ok()
                        .and_then(|at| items.get(at).cloned())
                        .ok_or_else(|| format!("index {k} of a tuple of {} in native code", items.len()))
                }
                (obj, _) => ctx.getitem(&obj, &ty(index)),
            },
            Expr::Yield(_) => Err("generators stay in the interpreter".to_owned()),
            Expr::MakeFunction { .. } => Err("defining a function inside a compiled function".to_owned()),
            other => Err(format!("`{}` is not supported in native code", print::expr(other))),
        };
        result.map(Some).map_err(fail)
    }

    fn call_user_function(
        &mut self,
        caller: &Function,
        qualname: &str,
        args: &[Type],
        line: u32,
    ) -> Result<Option<Type>, TypingError> {
        let key = (qualname.to_owned(), args.to_vec());
        if let Some(known) = self.in_progress.get(&key) {
            let known = known.clone();
            self.recursed.insert(key);
            return Ok(known); // a recursive call: what is known so far
        }
        match self.infer(qualname, args) {
            Ok(typed) => Ok(Some(typed.return_type)),
            Err(callee) => {
                Err(TypingError::InCallee { function: caller.qualname.clone(), line, callee: Box::new(callee) })
            }
        }
    }

    /// Statements that define nothing, and terminators: what native code can do.
    fn check_statements(&mut self, func: &Function, types: &HashMap<Var, Type>) -> Result<Solution, TypingError> {
        let fail = |what: String, line: u32| TypingError::Unsupported { function: func.qualname.clone(), what, line };
        let mut return_type: Option<(Type, u32)> = None;
        let mut unknown = Vec::new();
        for block in &func.blocks {
            for inst in &block.insts {
                match &inst.kind {
                    InstKind::Assign { target, .. } => {
                        if !types.contains_key(target) {
                            unknown.push((target.clone(), inst.line));
                        }
                    }
                    InstKind::Del(_) => {}
                    InstKind::Discard(expr) => {
                        self.expr_type(func, expr, inst.line, types)?;
                    }
                    InstKind::SetItem { obj, index, value } => {
                        let known = |v: &Var| types.get(v).cloned();
                        match (known(obj), known(index), known(value)) {
                            (Some(o), Some(i), Some(v)) => {
                                self.context.setitem(&o, &i, &v).map_err(|what| fail(what, inst.line))?;
                            }
                            _ => unknown.push((obj.clone(), inst.line)),
                        }
                    }
                    InstKind::SetSlice { .. } => {
                        return Err(fail("storing into a slice in native code".into(), inst.line))
                    }
                    InstKind::SetAttr { obj, attr, value } => {
                        let known = |v: &Var| types.get(v).cloned();
                        match (known(obj), known(value)) {
                            (Some(o), Some(v)) => {
                                self.context.setattr(&o, attr, &v).map_err(|what| fail(what, inst.line))?;
                            }
                            _ => unknown.push((obj.clone(), inst.line)),
                        }
                    }
                    InstKind::StoreGlobal { name, .. } => {
                        return Err(fail(format!("assigning the global `{name}`"), inst.line))
                    }
                    other => {
                        return Err(fail(
                            format!(
                                "`{}` is not supported in native code",
                                print::statement(&crate::ir::Inst { kind: other.clone(), line: inst.line })
                            ),
                            inst.line,
                        ))
                    }
                }
            }
            let line = block.terminator_line;
            match &block.terminator {
                Terminator::Return(v) => {
                    let Some(ty) = types.get(v) else {
                        unknown.push((v.clone(), line));
                        continue;
                    };
                    // Automatic mode hands back a list only when it is one of the
                    // arguments' (the dispatcher finds its object); `@njit` never does.
                    if ty.contains_list() && !self.context.python_semantics {
                        return Err(fail(format!("returning a {ty} from native code"), line));
                    }
                    return_type = match return_type {
                        None => Some((ty.clone(), line)),
                        Some((current, at)) => {
                            match unify(&current, ty).filter(|_| self.context.may_merge(&current, ty)) {
                                Some(joined) => Some((joined, at)),
                                None => {
                                    return Err(TypingError::ReturnConflict {
                                        function: func.qualname.clone(),
                                        first: (current, at),
                                        second: (ty.clone(), line),
                                    })
                                }
                            }
                        }
                    };
                }
                Terminator::Branch { cond, .. } => {
                    if let Some(ty) = types.get(cond) {
                        self.context.truth(ty).map_err(|what| fail(what, line))?;
                    }
                }
                Terminator::Jump(_) | Terminator::StaticRaise { .. } => {}
                Terminator::Raise { .. } => {
                    return Err(fail("raising a computed exception stays in the interpreter".into(), line))
                }
                Terminator::Reraise(_) => return Err(fail("exception handlers stay in the interpreter".into(), line)),
            }
        }
        Ok(Solution {
            types: types.iter().map(|(k, v)| (k.clone(), v.clone())).collect(),
            return_type: return_type.map(|(t, _)| t),
            unknown,
        })
    }
}

struct Solution {
    types: BTreeMap<Var, Type>,
    return_type: Option<Type>,
    unknown: Vec<(Var, u32)>,
}

impl Solution {
    fn finish(self, func: &Function, args: &[Type]) -> Result<Typed, TypingError> {
        if let Some((var, line)) = self.unknown.first() {
            return Err(TypingError::Undetermined { function: func.qualname.clone(), var: var.0.clone(), line: *line });
        }
        if let Some((var, ty)) = self.types.iter().find(|(_, t)| {
            !t.is_native()
                && !matches!(t, Type::Builtin(_) | Type::Module(_) | Type::ModuleFunction(..) | Type::Function(_))
        }) {
            let line = func.blocks.iter().flat_map(|b| &b.insts).find_map(|i| match &i.kind {
                InstKind::Assign { target, .. } if target == var => Some(i.line),
                _ => None,
            });
            return Err(TypingError::Unsupported {
                function: func.qualname.clone(),
                what: if var.is_temp() {
                    format!("a {ty} value, which native code does not handle")
                } else {
                    format!("`{var}` holds a {ty}, which native code does not handle")
                },
                line: line.unwrap_or(func.first_line),
            });
        }
        Ok(Typed {
            function: func.clone(),
            args: args.to_vec(),
            types: self.types,
            return_type: self.return_type.unwrap_or(Type::NoneType),
        })
    }
}

/// Where a variable's values come from.
enum Source<'f> {
    Param(Type),
    Expr(&'f Expr, u32),
    /// A block parameter receiving a jump argument.
    Copy(&'f Var, u32),
    /// A value the exception unwinder supplies.
    Caught(u32),
    /// A list that was `[]` before its `list_append`s (a comprehension's, or a local the
    /// `list_append` rewrite grows): a list of the type of each value appended (this one).
    Appended(&'f Var, u32),
    /// Such a list extended (`list_extend`) by this list: a list of its items' type.
    Extended(&'f Var, u32),
}

impl Source<'_> {
    fn operands(&self) -> Vec<&Var> {
        match self {
            Source::Expr(expr, _) => {
                let mut out = Vec::new();
                expr_uses(expr, &mut out);
                out
            }
            Source::Copy(var, _) | Source::Appended(var, _) | Source::Extended(var, _) => vec![var],
            _ => Vec::new(),
        }
    }
    fn line(&self) -> u32 {
        match self {
            Source::Expr(_, line)
            | Source::Copy(_, line)
            | Source::Caught(line)
            | Source::Appended(_, line)
            | Source::Extended(_, line) => *line,
            Source::Param(_) => 0,
        }
    }
}

/// Every variable and its sources, densely numbered for the graph.
struct Definitions<'f> {
    vars: Vec<Var>,
    index: HashMap<Var, usize>,
    sources: Vec<Vec<Source<'f>>>,
}

impl<'f> Definitions<'f> {
    fn collect(func: &'f Function, args: &[Type]) -> Result<Self, TypingError> {
        let mut defs = Definitions { vars: Vec::new(), index: HashMap::default(), sources: Vec::new() };
        let params: Vec<Var> = func.params.iter().map(|p| Var(p.clone())).collect();
        for (param, ty) in params.iter().zip(args) {
            let i = defs.slot_owned(param.clone());
            defs.sources[i].push(Source::Param(ty.clone()));
        }
        let block_of: HashMap<_, _> = func.blocks.iter().map(|b| (b.id, b)).collect();
        for block in &func.blocks {
            for inst in &block.insts {
                if let InstKind::Assign { target, value } = &inst.kind {
                    let i = defs.slot(target);
                    defs.sources[i].push(Source::Expr(value, inst.line));
                }
            }
            for edge in block.terminator.edges().into_iter().chain(block.unwind.iter()) {
                let target = block_of[&edge.block];
                for (param, arg) in target.params.iter().zip(&edge.args) {
                    let i = defs.slot(param);
                    defs.sources[i].push(Source::Copy(arg, block.terminator_line));
                }
            }
            for caught in &block.catch_params {
                let i = defs.slot(caught);
                defs.sources[i].push(Source::Caught(block.terminator_line));
            }
        }
        defs.type_appended_lists(func);
        Ok(defs)
    }

    /// A comprehension builds its list as `[]` and a `list_append` per item, on the
    /// block parameters that carry the list around the loop (and a local the
    /// `list_append` rewrite grows is `[]` and its appends too): the `[]` it started as
    /// takes its type from each value appended instead (`[x * 2 for x in xs]` is a list
    /// of what `x * 2` is; an insert counts as an append), or from each list it is
    /// extended by (`xs.extend(ys)`), found by walking back from each append through the
    /// copies.
    fn type_appended_lists(&mut self, func: &'f Function) {
        for block in &func.blocks {
            for inst in &block.insts {
                let (list, value, extends) = match &inst.kind {
                    InstKind::Discard(Expr::ListAppend { list, value } | Expr::ListInsert { list, value, .. }) => {
                        (list, value, false)
                    }
                    InstKind::Discard(Expr::ListExtend { list, value }) if !list.is_temp() => (list, value, true),
                    _ => continue,
                };
                let mut stack = vec![list];
                let mut seen: Vec<&Var> = Vec::new();
                while let Some(var) = stack.pop() {
                    if seen.contains(&var) {
                        continue;
                    }
                    seen.push(var);
                    let Some(&i) = self.index.get(var) else { continue };
                    let sources = &mut self.sources[i];
                    let empty = |s: &Source| matches!(s, Source::Expr(Expr::BuildList(items), _) if items.is_empty());
                    if sources.iter().any(|s| empty(s) || matches!(s, Source::Appended(..) | Source::Extended(..))) {
                        sources.retain(|s| !empty(s));
                        sources.push(if extends {
                            Source::Extended(value, inst.line)
                        } else {
                            Source::Appended(value, inst.line)
                        });
                        continue;
                    }
                    for source in sources.iter() {
                        match source {
                            Source::Copy(from, _) => stack.push(*from),
                            Source::Expr(Expr::Var(from), _) => stack.push(from),
                            _ => {}
                        }
                    }
                }
            }
        }
    }

    fn slot(&mut self, var: &Var) -> usize {
        self.slot_owned(var.clone())
    }

    fn slot_owned(&mut self, var: Var) -> usize {
        if let Some(&i) = self.index.get(&var) {
            return i;
        }
        self.vars.push(var.clone());
        self.sources.push(Vec::new());
        self.index.insert(var, self.vars.len() - 1);
        self.vars.len() - 1
    }
}

/// The value of `var` when its one assignment in `func` is an int literal.
fn constant_int(func: &Function, var: &Var) -> Option<i64> {
    let mut found = None;
    for inst in func.blocks.iter().flat_map(|b| &b.insts) {
        if let InstKind::Assign { target, value } = &inst.kind {
            if target == var {
                match (found, value) {
                    (None, Expr::Const(crate::ir::Const::Int(k))) => found = Some(*k),
                    _ => return None,
                }
            }
        }
    }
    if func.params.iter().any(|p| p == &var.0) || func.blocks.iter().any(|b| b.params.contains(var)) {
        return None;
    }
    found
}

/// The iterator `iter(x)` makes of an iterable native code iterates: a range, a list, a
/// dict or one of its views, and `enumerate` and `zip` of those.
fn iterator_of(iterable: Type) -> Result<Type, String> {
    match iterable {
        Type::RangeState => Ok(Type::RangeIter),
        Type::List(item) => Ok(Type::ListIter(item)),
        dict @ Type::Dict(..) => Ok(Type::DictIter(Box::new(dict), DictViewKind::Keys)),
        Type::DictView(dict, kind) => Ok(Type::DictIter(dict, kind)),
        Type::Enumerate(inner) => Ok(Type::EnumerateIter(Box::new(iterator_of(*inner)?))),
        Type::Zip(inners) => Ok(Type::ZipIter(inners.into_iter().map(iterator_of).collect::<Result<_, _>>()?)),
        other => Err(format!("iterating over {other} in native code")),
    }
}

/// What one step of an iterator yields.
fn next_item_of(iterator: Type) -> Result<Type, String> {
    match iterator {
        Type::RangeIter => Ok(Type::INT64),
        Type::ListIter(item) => Ok(*item),
        Type::DictIter(dict, kind) => match *dict {
            Type::Dict(key, value) => Ok(kind.item(&key, &value)),
            other => Err(format!("iterating over {other} in native code")),
        },
        Type::EnumerateIter(inner) => Ok(Type::Tuple(vec![Type::INT64, next_item_of(*inner)?])),
        Type::ZipIter(inners) => Ok(Type::Tuple(inners.into_iter().map(next_item_of).collect::<Result<_, _>>()?)),
        other => Err(format!("iterating over {other} in native code")),
    }
}
