//! Embedding pynum in a Rust application: run Python source, call Python from Rust,
//! call Rust from Python, and read values back. Run with `cargo run --example embed`.

use pynum_vm::{Python, Tier};

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

    // Automatic mode compiles the hot numeric functions of the source it runs. The
    // builder chooses the JIT's settings per interpreter: this one logs each compile
    // and times native calls; `plain` stays at tier 0 (the interpreter alone).
    let kernel = "def sum_of_squares(n):\n    s = 0\n    for i in range(n):\n        s += i * i\n    return s\n";
    let jit = Python::builder().time_native(true).log(|event| println!("jit: {event}")).build();
    let plain = Python::builder().max_tier(Tier::Interpreter).build();
    jit.run_source(kernel)?;
    plain.run_source(kernel)?;
    let time = |python: &Python| -> Result<(i64, f64), pynum_vm::PyError> {
        let started = std::time::Instant::now();
        let value: i64 = python.call("sum_of_squares", (3_000_000_i64,))?;
        Ok((value, started.elapsed().as_secs_f64()))
    };
    let (native, native_seconds) = time(&jit)?;
    let (interpreted, interpreted_seconds) = time(&plain)?;
    assert_eq!(native, interpreted);
    println!(
        "sum_of_squares(3000000) = {native}: {:.1} ms with the JIT, {:.1} ms without ({:.1}x)",
        native_seconds * 1e3,
        interpreted_seconds * 1e3,
        interpreted_seconds / native_seconds
    );
    let stats = jit.jit_stats();
    assert!(stats.compiled > 0 && stats.native_calls > 0, "the kernel did not run natively: {stats:?}");
    println!(
        "jit stats: {} compiled in {:.2} ms, {} native calls taking {:.1} ms",
        stats.compiled,
        stats.compile_time.as_secs_f64() * 1e3,
        stats.native_calls,
        stats.native_time.as_secs_f64() * 1e3
    );

    // Python exceptions come back as data, with the traceback Python would print.
    let err = py.eval::<i64>("1 // 0").unwrap_err();
    println!("error: {err}");
    assert_eq!(err.type_name, "ZeroDivisionError");
    Ok(())
}
