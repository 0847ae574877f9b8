//! A test of the crate's layering: the modules of `vm/src` (a file, or a folder with
//! everything in it) refer to each other through `crate::` paths without a cycle, and the
//! lower ones never reach up to how a program is run.
//!
//! Assumes every reference to another module is spelled `crate::name` or
//! `crate::{name, ...}` (a `super::` path stays inside its module); comment lines are
//! not code.

use std::collections::{BTreeMap, BTreeSet};
use std::path::Path;

/// Module name to the modules its code refers to.
fn module_graph() -> BTreeMap<String, BTreeSet<String>> {
    let root = Path::new(env!("CARGO_MANIFEST_DIR")).join("src");
    let mut graph = BTreeMap::new();
    for entry in std::fs::read_dir(&root).expect("vm/src is readable") {
        let path = entry.expect("a directory entry").path();
        let name = path.file_stem().and_then(|s| s.to_str()).unwrap_or_default().to_owned();
        if matches!(name.as_str(), "lib" | "main" | "layering") {
            continue;
        }
        let mut files = Vec::new();
        collect_rust_files(&path, &mut files);
        let mut uses = BTreeSet::new();
        for file in files {
            let text = std::fs::read_to_string(&file).expect("a readable source file");
            let code: String =
                text.lines().filter(|l| !l.trim_start().starts_with("//")).collect::<Vec<_>>().join("\n");
            uses.extend(referenced_modules(&code));
        }
        uses.remove(&name);
        graph.insert(name, uses);
    }
    graph
}

fn collect_rust_files(path: &Path, out: &mut Vec<std::path::PathBuf>) {
    if path.is_dir() {
        for entry in std::fs::read_dir(path).expect("a readable folder") {
            collect_rust_files(&entry.expect("a directory entry").path(), out);
        }
    } else if path.extension().is_some_and(|e| e == "rs") {
        out.push(path.to_owned());
    }
}

/// The first segment of every `crate::` path in `code`.
fn referenced_modules(code: &str) -> BTreeSet<String> {
    let ident = |s: &str| s.chars().take_while(|c| c.is_alphanumeric() || *c == '_').collect::<String>();
    let mut out = BTreeSet::new();
    for (at, _) in code.match_indices("crate::") {
        let rest = &code[at + "crate::".len()..];
        if let Some(group) = rest.strip_prefix('{') {
            let group = &group[..group.find('}').unwrap_or(group.len())];
            out.extend(group.split(',').map(|path| ident(path.trim())).filter(|n| !n.is_empty()));
        } else {
            out.insert(ident(rest));
        }
    }
    out.retain(|n| !n.is_empty());
    out
}

/// A cycle of `graph` as the modules along it, if there is one.
fn find_cycle(graph: &BTreeMap<String, BTreeSet<String>>) -> Option<Vec<String>> {
    // 0: not visited, 1: on the current path, 2: done.
    fn visit(
        node: &str,
        graph: &BTreeMap<String, BTreeSet<String>>,
        state: &mut BTreeMap<String, u8>,
        path: &mut Vec<String>,
    ) -> Option<Vec<String>> {
        state.insert(node.to_owned(), 1);
        path.push(node.to_owned());
        for next in graph.get(node).into_iter().flatten() {
            match state.get(next.as_str()).copied().unwrap_or(0) {
                1 => {
                    let start = path.iter().position(|n| n == next).expect("on the path");
                    let mut cycle = path[start..].to_vec();
                    cycle.push(next.clone());
                    return Some(cycle);
                }
                0 => {
                    if let Some(cycle) = visit(next, graph, state, path) {
                        return Some(cycle);
                    }
                }
                _ => {}
            }
        }
        path.pop();
        state.insert(node.to_owned(), 2);
        None
    }
    let mut state = BTreeMap::new();
    for node in graph.keys() {
        if state.get(node.as_str()).copied().unwrap_or(0) == 0 {
            if let Some(cycle) = visit(node, graph, &mut state, &mut Vec::new()) {
                return Some(cycle);
            }
        }
    }
    None
}

#[test]
fn the_modules_of_vm_src_import_each_other_without_a_cycle() {
    let graph = module_graph();
    assert!(graph.contains_key("dispatcher") && graph.contains_key("run"), "the graph is read from vm/src: {graph:?}");
    if let Some(cycle) = find_cycle(&graph) {
        panic!("an import cycle in vm/src: {}", cycle.join(" -> "));
    }
}

#[test]
fn lower_modules_do_not_reach_up() {
    let graph = module_graph();
    let forbidden = [
        ("dispatcher", &["run", "cli", "repl", "interpreter", "automatic", "embed"][..]),
        ("automatic", &["run", "cli", "repl", "interpreter", "embed"][..]),
        ("interpreter", &["run", "cli", "repl", "embed"][..]),
        ("repl", &["run", "cli"][..]),
        ("cli", &["interpreter", "run", "repl", "dispatcher"][..]),
    ];
    for (module, above) in forbidden {
        for name in above {
            assert!(!graph[module].contains(*name), "{module} refers to {name}, a module above it");
        }
    }
}

#[test]
fn a_cycle_is_found() {
    let edge = |a: &str, b: &[&str]| (a.to_owned(), b.iter().map(|s| (*s).to_owned()).collect::<BTreeSet<_>>());
    let graph: BTreeMap<_, _> =
        [edge("a", &["b"]), edge("b", &["c"]), edge("c", &["a"]), edge("d", &["a"])].into_iter().collect();
    assert_eq!(find_cycle(&graph).map(|c| c.len()), Some(4));
    assert_eq!(
        referenced_modules("use crate::{a::X, b};\ncrate::c::f();"),
        ["a", "b", "c"].iter().map(|s| (*s).to_owned()).collect()
    );
}
