//! Embedding pynum in a Rust application: run Python source, call Python from Rust,
//! call Rust from Python, and read values back. Run with `cargo run --example embed`.

use pynum_vm::Python;

fn main() -> Result<(), pynum_vm::PyError> {
    let py = Python::new();

    // Rust functions callable from Python, with arguments converted by type.
    py.register_function("rust_hypot", |x: f64, y: f64| x.hypot(y));
    py.register_function("rust_greeting", |name: String| format!("hello, {name}"));

    py.run_source(
        r#"
import math, json

def distance_table(points):
    return [round(rust_hypot(x, y), 3) for x, y in points]

def describe(n):
    return json.dumps({"n": n, "fact": math.factorial(n), "hi": rust_greeting("python")})
"#,
    )?;

    let table: Vec<f64> = py.call("distance_table", (vec![(3.0, 4.0), (1.0, 1.0)],))?;
    println!("distances: {table:?}");
    assert_eq!(table, vec![5.0, 1.414]);

    let text: String = py.call("describe", (20_i64,))?;
    println!("describe(20) = {text}");

    let big: String = py.eval("str(2 ** 100)")?;
    println!("2**100 = {big}");

    // Python exceptions come back as data, with the traceback Python would print.
    let err = py.eval::<i64>("1 // 0").unwrap_err();
    println!("error: {err}");
    assert_eq!(err.type_name, "ZeroDivisionError");
    Ok(())
}
