//! Annotations, as Numba's `NUMBA_DUMP_ANNOTATION`: each source line of a typed function
//! with the typed IR it became underneath, as text for the terminal or as one
//! self-contained HTML page with native lines and object-mode lines told apart by colour.
//!
//! Assumes the function's source is the file its IR names, and lines are 1-based.

use std::fmt::Write as _;

use crate::ir::{print, Function, InstKind};
use crate::typeinfer::{Typed, TypingError};
use crate::types::Type;

/// One function as the annotator shows it: typed, or the reason it stays interpreted.
pub enum Annotated<'a> {
    Typed(&'a Typed),
    Interpreted { function: &'a Function, args: &'a [Type], error: &'a TypingError },
}

impl Annotated<'_> {
    fn function(&self) -> &Function {
        match self {
            Annotated::Typed(t) => &t.function,
            Annotated::Interpreted { function, .. } => function,
        }
    }

    fn title(&self) -> String {
        let func = self.function();
        let args = |args: &[Type]| args.iter().map(Type::to_string).collect::<Vec<_>>().join(", ");
        match self {
            Annotated::Typed(t) => format!("{}({}) -> {} [native]", func.qualname, args(&t.args), t.return_type),
            Annotated::Interpreted { args: a, .. } => format!("{}({}) [object mode]", func.qualname, args(a)),
        }
    }

    /// The typed IR statements of each source line, in block order.
    fn lines(&self) -> Vec<(u32, Vec<String>)> {
        let func = self.function();
        let types = match self {
            Annotated::Typed(t) => Some(&t.types),
            Annotated::Interpreted { .. } => None,
        };
        let mut by_line: std::collections::BTreeMap<u32, Vec<String>> = Default::default();
        for block in &func.blocks {
            for inst in &block.insts {
                if matches!(inst.kind, InstKind::Del(_)) {
                    continue;
                }
                let mut text = print::statement(inst);
                if let (InstKind::Assign { target, .. }, Some(types)) = (&inst.kind, types) {
                    if let Some(ty) = types.get(target) {
                        let _ = write!(text, "  :: {ty}");
                    }
                }
                by_line.entry(inst.line).or_default().push(text);
            }
            by_line.entry(block.terminator_line).or_default().push(print::terminator(&block.terminator));
        }
        by_line.into_iter().filter(|(line, _)| *line > 0).collect()
    }

    /// The source lines to show: from the `def` to the last line with IR.
    fn span(&self, lines: &[(u32, Vec<String>)]) -> (u32, u32) {
        let func = self.function();
        let last = lines.last().map_or(func.first_line, |(l, _)| *l);
        (func.first_line, last.max(func.first_line))
    }
}

/// The terminal form: source lines, typed IR indented under each.
pub fn text(annotated: &Annotated<'_>, source: &str) -> String {
    let mut out = format!(
        "---- annotate {} ({}:{}) ----\n",
        annotated.title(),
        annotated.function().filename,
        annotated.function().first_line
    );
    if let Annotated::Interpreted { error, .. } = annotated {
        let _ = writeln!(out, "  {error}");
    }
    let ir_lines = annotated.lines();
    let (first, last) = annotated.span(&ir_lines);
    let source_lines: Vec<&str> = source.lines().collect();
    for line in first..=last {
        let text = source_lines.get(line as usize - 1).copied().unwrap_or("");
        let _ = writeln!(out, "{line:>5} | {text}");
        if let Some((_, statements)) = ir_lines.iter().find(|(l, _)| *l == line) {
            for statement in statements {
                let _ = writeln!(out, "      |     {statement}");
            }
        }
    }
    out
}

/// One self-contained HTML page for all functions: green lines run natively, orange
/// lines in object mode; click a line to see its typed IR.
pub fn html(functions: &[Annotated<'_>], source: &str, title: &str) -> String {
    let mut out = String::from("<!DOCTYPE html>\n<html><head><meta charset=\"utf-8\">\n");
    let _ = writeln!(out, "<title>pynum annotations: {}</title>", escape(title));
    out.push_str(
        "<style>body{font-family:sans-serif;margin:2em}h2{font-size:1.1em;margin-top:2em}\
         .native{background:#e3f6e3}.object{background:#fde8cc}pre{margin:0}\
         details{border-left:3px solid #ccc;margin:0}summary{list-style:none;cursor:pointer;font-family:monospace;white-space:pre}\
         .ir{color:#335;padding-left:4em;font-size:.9em}.why{color:#a40}.legend span{padding:0 .5em}</style>\n</head><body>\n",
    );
    let _ = writeln!(
        out,
        "<h1>{}</h1>\n<p class=\"legend\"><span class=\"native\">native code</span> <span class=\"object\">object mode (interpreter)</span></p>",
        escape(title)
    );
    let source_lines: Vec<&str> = source.lines().collect();
    for annotated in functions {
        let class = match annotated {
            Annotated::Typed(_) => "native",
            Annotated::Interpreted { .. } => "object",
        };
        let _ = writeln!(out, "<h2>{}</h2>", escape(&annotated.title()));
        if let Annotated::Interpreted { error, .. } = annotated {
            let _ = writeln!(out, "<p class=\"why\">{}</p>", escape(&error.to_string()));
        }
        let ir_lines = annotated.lines();
        let (first, last) = annotated.span(&ir_lines);
        for line in first..=last {
            let text = source_lines.get(line as usize - 1).copied().unwrap_or("");
            let statements = ir_lines.iter().find(|(l, _)| *l == line).map(|(_, s)| s.as_slice()).unwrap_or(&[]);
            let _ = write!(out, "<details class=\"{class}\"><summary>{line:>5} | {}</summary>", escape(text));
            if !statements.is_empty() {
                let _ = write!(out, "<pre class=\"ir\">{}</pre>", escape(&statements.join("\n")));
            }
            out.push_str("</details>\n");
        }
    }
    out.push_str("</body></html>\n");
    out
}

fn escape(text: &str) -> String {
    text.replace('&', "&amp;").replace('<', "&lt;").replace('>', "&gt;").replace('"', "&quot;")
}
