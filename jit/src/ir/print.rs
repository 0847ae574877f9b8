//! The IR's text form. One statement a line; a `# line N` line where the source line
//! changes. `parse.rs` reads exactly this form back.
//!
//! Most expressions print as `op(operand, ..., key=value)`; arithmetic and comparisons
//! print infix and constants, globals and cells as `const 1.5`, `global range`.

use std::fmt::{self, Write};

use super::{Block, Const, Edge, Expr, Function, Inst, InstKind, Terminator, Var};

pub(super) fn write_function(f: &mut fmt::Formatter<'_>, func: &Function) -> fmt::Result {
    let generator = if func.is_generator { " generator" } else { "" };
    let cells = if func.cells.is_empty() { String::new() } else { format!(" cells={}", func.cells.join(",")) };
    writeln!(
        f,
        "function {}({}){cells}{generator} at {}:{}",
        func.qualname,
        func.params.join(", "),
        func.filename,
        func.first_line
    )?;
    let mut line = 0;
    for block in &func.blocks {
        write_block(f, block, &mut line)?;
    }
    Ok(())
}

pub(super) fn write_block(f: &mut fmt::Formatter<'_>, block: &Block, line: &mut u32) -> fmt::Result {
    write!(f, "{}", block.id)?;
    if !block.params.is_empty() {
        write!(f, "({})", join(&block.params))?;
    }
    if !block.catch_params.is_empty() {
        write!(f, " [catch {}]", join(&block.catch_params))?;
    }
    if let Some(unwind) = &block.unwind {
        write!(f, " [unwind {}]", edge(unwind))?;
    }
    writeln!(f, ":")?;
    for inst in &block.insts {
        write_line_marker(f, inst.line, line)?;
        writeln!(f, "    {}", statement(inst))?;
    }
    write_line_marker(f, block.terminator_line, line)?;
    writeln!(f, "    {}", terminator(&block.terminator))
}

fn write_line_marker(f: &mut fmt::Formatter<'_>, new: u32, current: &mut u32) -> fmt::Result {
    if new != *current && new != 0 {
        *current = new;
        writeln!(f, "    # line {new}")?;
    }
    Ok(())
}

fn join(vars: &[Var]) -> String {
    vars.iter().map(|v| v.0.as_str()).collect::<Vec<_>>().join(", ")
}

fn edge(e: &Edge) -> String {
    if e.args.is_empty() {
        e.block.to_string()
    } else {
        format!("{}({})", e.block, join(&e.args))
    }
}

/// `name(a, b, key=v)` with optional operands left out.
struct Op {
    name: &'static str,
    items: Vec<String>,
}

impl Op {
    fn new(name: &'static str) -> Op {
        Op { name, items: Vec::new() }
    }
    fn arg(mut self, v: &Var) -> Op {
        self.items.push(v.0.clone());
        self
    }
    fn args<'a>(mut self, vs: impl IntoIterator<Item = &'a Var>) -> Op {
        self.items.extend(vs.into_iter().map(|v| v.0.clone()));
        self
    }
    fn key(mut self, key: &str, value: impl fmt::Display) -> Op {
        self.items.push(format!("{key}={value}"));
        self
    }
    fn opt(self, key: &str, value: &Option<Var>) -> Op {
        match value {
            Some(v) => self.key(key, v),
            None => self,
        }
    }
    fn finish(self) -> String {
        format!("{}({})", self.name, self.items.join(", "))
    }
}

pub(crate) fn expr(e: &Expr) -> String {
    match e {
        Expr::Var(v) => v.0.clone(),
        Expr::Const(c) => format!("const {c}"),
        Expr::Global(n) => format!("global {n}"),
        Expr::Deref(n) => format!("deref {n}"),
        Expr::Name(n) => format!("load_name {n}"),
        Expr::Binary { op, lhs, rhs } => format!("{lhs} {} {rhs}", op.symbol()),
        Expr::Inplace { op, lhs, rhs } => format!("{lhs} {}= {rhs}", op.symbol()),
        Expr::Compare { op, lhs, rhs } => format!("{lhs} {} {rhs}", op.symbol()),
        Expr::Unary { op, operand } => Op::new(op.keyword()).arg(operand).finish(),
        Expr::Truth(v) => Op::new("bool").arg(v).finish(),
        Expr::Call { func, args, kwargs } => {
            let mut op = Op::new("call").arg(func).args(args);
            for (k, v) in kwargs {
                op = op.key(k, v);
            }
            op.finish()
        }
        Expr::CallEx { func, args, kwargs } => Op::new("call_ex").arg(func).arg(args).opt("kwargs", kwargs).finish(),
        Expr::GetAttr { obj, attr } => Op::new("getattr").arg(obj).key("attr", attr).finish(),
        Expr::GetItem { obj, index } => Op::new("getitem").arg(obj).arg(index).finish(),
        Expr::GetSlice { obj, start, stop } => Op::new("getslice").arg(obj).arg(start).arg(stop).finish(),
        Expr::StaticGetItem { obj, index } => Op::new("static_getitem").arg(obj).key("index", index).finish(),
        Expr::BuildTuple(vs) => Op::new("build_tuple").args(vs).finish(),
        Expr::BuildList(vs) => Op::new("build_list").args(vs).finish(),
        Expr::BuildSet(vs) => Op::new("build_set").args(vs).finish(),
        Expr::BuildMap(pairs) => Op::new("build_map").args(pairs.iter().flat_map(|(k, v)| [k, v])).finish(),
        Expr::BuildSlice(vs) => Op::new("build_slice").args(vs).finish(),
        Expr::BuildString(vs) => Op::new("build_string").args(vs).finish(),
        Expr::Format { value, conversion, spec } => {
            let op = Op::new("format").arg(value);
            let op = match conversion {
                Some(c) => op.key("conversion", c),
                None => op,
            };
            op.opt("spec", spec).finish()
        }
        Expr::GetIter(v) => Op::new("getiter").arg(v).finish(),
        Expr::RangeIter { start, stop, step } => Op::new("range_iter").arg(start).arg(stop).arg(step).finish(),
        Expr::IterNext(v) => Op::new("iternext").arg(v).finish(),
        Expr::PairFirst(v) => Op::new("pair_first").arg(v).finish(),
        Expr::PairSecond(v) => Op::new("pair_second").arg(v).finish(),
        Expr::SavedLocal(v) => Op::new("saved_local").arg(v).finish(),
        Expr::ExhaustIter { value, count } => Op::new("exhaust_iter").arg(value).key("count", count).finish(),
        Expr::UnpackEx { value, before, after } => {
            Op::new("unpack_ex").arg(value).key("before", before).key("after", after).finish()
        }
        Expr::MakeFunction { code, defaults, kwdefaults, closure, annotations } => Op::new("make_function")
            .arg(code)
            .opt("defaults", defaults)
            .opt("kwdefaults", kwdefaults)
            .opt("closure", closure)
            .opt("annotations", annotations)
            .finish(),
        Expr::Yield(v) => Op::new("yield").arg(v).finish(),
        Expr::Import { name, fromlist, level } => Op::new("import").arg(fromlist).arg(level).key("name", name).finish(),
        Expr::ImportFrom { module, name } => Op::new("import_from").arg(module).key("name", name).finish(),
        Expr::Intrinsic { name, args } => Op::new("intrinsic").args(args).key("name", name).finish(),
        Expr::ListAppend { list, value } => Op::new("list_append").arg(list).arg(value).finish(),
        Expr::ListPop { list } => Op::new("list_pop").arg(list).finish(),
        Expr::ListInsert { list, index, value } => Op::new("list_insert").arg(list).arg(index).arg(value).finish(),
        Expr::SetAdd { set, value } => Op::new("set_add").arg(set).arg(value).finish(),
        Expr::MapAdd { map, key, value } => Op::new("map_add").arg(map).arg(key).arg(value).finish(),
        Expr::ListExtend { list, value } => Op::new("list_extend").arg(list).arg(value).finish(),
        Expr::SetUpdate { set, value } => Op::new("set_update").arg(set).arg(value).finish(),
        Expr::DictUpdate { map, value } => Op::new("dict_update").arg(map).arg(value).finish(),
        Expr::DictMerge { map, value } => Op::new("dict_merge").arg(map).arg(value).finish(),
        Expr::LoadSpecial { obj, method } => Op::new("load_special").arg(obj).key("method", method).finish(),
        Expr::BuildClass => Op::new("build_class").finish(),
        Expr::ExcInfo(v) => Op::new("exc_info").arg(v).finish(),
        Expr::ExcMatch { exc, ty } => Op::new("exc_match").arg(exc).arg(ty).finish(),
        Expr::WithExceptStart { exit, exc } => Op::new("with_except_start").arg(exit).arg(exc).finish(),
        Expr::Locals => Op::new("locals").finish(),
    }
}

pub(crate) fn statement(inst: &Inst) -> String {
    match &inst.kind {
        InstKind::Assign { target, value } => format!("{target} = {}", expr(value)),
        InstKind::SetAttr { obj, attr, value } => Op::new("setattr").arg(obj).arg(value).key("attr", attr).finish(),
        InstKind::SetItem { obj, index, value } => Op::new("setitem").arg(obj).arg(index).arg(value).finish(),
        InstKind::SetSlice { obj, start, stop, value } => {
            Op::new("setslice").arg(obj).arg(start).arg(stop).arg(value).finish()
        }
        InstKind::DelAttr { obj, attr } => Op::new("delattr").arg(obj).key("attr", attr).finish(),
        InstKind::DelItem { obj, index } => Op::new("delitem").arg(obj).arg(index).finish(),
        InstKind::StoreGlobal { name, value } => Op::new("store_global").arg(value).key("name", name).finish(),
        InstKind::DelGlobal(name) => Op::new("del_global").key("name", name).finish(),
        InstKind::StoreDeref { name, value } => Op::new("store_deref").arg(value).key("name", name).finish(),
        InstKind::DelDeref(name) => Op::new("del_deref").key("name", name).finish(),
        InstKind::StoreName { name, value } => Op::new("store_name").arg(value).key("name", name).finish(),
        InstKind::DelName(name) => Op::new("del_name").key("name", name).finish(),
        InstKind::MakeCell(name) => Op::new("make_cell").key("name", name).finish(),
        InstKind::Del(v) => format!("del {v}"),
        InstKind::Discard(e) => format!("discard {}", expr(e)),
        InstKind::PopExcept(v) => Op::new("pop_except").arg(v).finish(),
        InstKind::SetupAnnotations => Op::new("setup_annotations").finish(),
    }
}

pub(crate) fn terminator(t: &Terminator) -> String {
    match t {
        Terminator::Jump(e) => format!("jump {}", edge(e)),
        Terminator::Branch { cond, then, otherwise } => {
            format!("branch {cond}, {}, {}", edge(then), edge(otherwise))
        }
        Terminator::Return(v) => format!("return {v}"),
        Terminator::Raise { exc: None, .. } => "raise".to_owned(),
        Terminator::Raise { exc: Some(e), cause: None } => format!("raise {e}"),
        Terminator::Raise { exc: Some(e), cause: Some(c) } => format!("raise {e} from {c}"),
        Terminator::Reraise(v) => format!("reraise {v}"),
        Terminator::StaticRaise { exc, args } => format!("static_raise {exc}, {}", Const::Tuple(args.clone())),
    }
}

pub(super) fn write_const(f: &mut impl Write, c: &Const) -> fmt::Result {
    match c {
        Const::None => f.write_str("None"),
        Const::Bool(true) => f.write_str("True"),
        Const::Bool(false) => f.write_str("False"),
        Const::Int(i) => write!(f, "{i}"),
        Const::BigInt(s) => f.write_str(s),
        Const::Float(x) => write!(f, "{x:?}"),
        Const::Complex(re, im) => write!(f, "complex({re:?}, {im:?})"),
        Const::Str(s) => write!(f, "{s:?}"),
        Const::Bytes(b) => {
            f.write_str("b\"")?;
            for &byte in b {
                match byte {
                    b'"' => f.write_str("\\\"")?,
                    b'\\' => f.write_str("\\\\")?,
                    0x20..=0x7e => f.write_char(byte as char)?,
                    _ => write!(f, "\\x{byte:02x}")?,
                }
            }
            f.write_str("\"")
        }
        Const::Tuple(items) => write_seq(f, "(", items, ")", true),
        Const::FrozenSet(items) => write_seq(f, "frozenset(", items, ")", false),
        Const::Slice(items) => write_seq(f, "slice(", items, ")", false),
        Const::Code(name) => write!(f, "<code {name}>"),
        Const::Ellipsis => f.write_str("Ellipsis"),
        Const::SurrogateStr => f.write_str("surrogate_str"),
    }
}

fn write_seq(f: &mut impl Write, open: &str, items: &[Const], close: &str, tuple: bool) -> fmt::Result {
    f.write_str(open)?;
    for (i, item) in items.iter().enumerate() {
        if i > 0 {
            f.write_str(", ")?;
        }
        write_const(f, item)?;
    }
    if tuple && items.len() == 1 {
        f.write_str(",")?;
    }
    f.write_str(close)
}
