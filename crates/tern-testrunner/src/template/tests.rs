use super::*;

#[test]
fn detection_needs_a_tag_at_line_start() {
    assert!(is_template("x\n  {% for a in [1] %}\n"));
    assert!(is_template("{# c #}"));
    assert!(!is_template("ld_u8 {{x}}\n"));
    assert!(!is_template("a {% b %}"));
}

#[test]
fn non_template_is_unchanged() {
    let text = "//# publish\nmodule 0x1::M {{x}}\n";
    assert_eq!(expand_if_template(text).unwrap(), text);
}

#[test]
fn mangle_rules() {
    assert_eq!(mangle("has copy+drop"), "has_copy_A_drop");
    assert_eq!(mangle("&u8"), "R_u8");
    assert_eq!(mangle("|&mut u8|vector<u8>"), "_F_R_mut_u8_F_vector$u8$");
    assert_eq!(mangle("0x1::m"), "0x1__m");
    assert_eq!(mangle(""), "");
}

#[test]
fn loops_keep_tag_line_newlines() {
    let src = "{% for ty1 in [\"u64\", \"&u8\"] %}\n\n{% set suffix = mangle(repr=ty1) %}\n\n//# publish\nmodule 0x66::m_{{suffix}}\n{% endfor %}\n";
    let out = expand_template(src).unwrap();
    assert_eq!(
        out,
        "\n\n\n\n//# publish\nmodule 0x66::m_u64\n\n\n\n\n//# publish\nmodule 0x66::m_R_u8\n\n"
    );
}

#[test]
fn nested_loops_with_if_match_line_numbers() {
    // The structure of the VM suite's `compatibility_field_type`: the inner publish lands on
    // line 15 in the first iteration and on line 31 in the second one of the inner loop.
    let src = "{% for ty1 in [\"u64\", \"&u8\"] %}\n\n{% set suffix = mangle(repr=ty1) %}\n\n//# publish\nmodule 0x66::t_{{suffix}}\nstruct A has drop\n    x: |{{ty1}}|u32 has drop\n\n\n{% for ty2 in [\"u16\", \"address\", \"&mut u8\"] %}\n\n{% if ty1 != ty2 %}\n\n//# publish --verbose\nmodule 0x66::t_{{suffix}}\nstruct A has drop\n    x: |{{ty2}}|u32 has drop\n\n\n//# publish --verbose\nmodule 0x66::t_{{suffix}}\nstruct A has drop\n    x: |{{ty1}}|{{ty2}} has drop\n\n{% endif %}\n{% endfor %}\n{% endfor %}\n";
    let out = expand_template(src).unwrap();
    let lines: Vec<&str> = out.lines().collect();
    assert_eq!(lines[4], "//# publish");
    assert_eq!(lines[14], "//# publish --verbose");
    assert_eq!(lines[17], "    x: |u16|u32 has drop");
    assert_eq!(lines[20], "//# publish --verbose");
    assert_eq!(lines[30], "//# publish --verbose");
    assert_eq!(lines[33], "    x: |address|u32 has drop");
    assert_eq!(out.matches("//# publish").count(), 14);
    assert!(out.contains("module 0x66::t_R_u8\n"));
}

#[test]
fn import_drops_following_whitespace_and_macro_expands() {
    let src = "{% import \"macros\" as macros %}\n\n{% for ty1 in integer_types %}\n{% for ty2 in integer_types %}\n\n//# publish\n{% endfor %}{% endfor %}";
    let out = expand_template(src).unwrap();
    assert!(out.starts_with("\n\n\n//# publish\n"));
    assert_eq!(out.matches("//# publish").count(), 36);

    let src = "{% import \"macros\" as macros %}\n{% set ty2 = \"u8\" %}\n    {{macros::expect_num(ty=ty2, val=25)}}\n    ret\n";
    let out = expand_template(src).unwrap();
    assert_eq!(
        out,
        "\n    ld_u8 25\n    eq\n    br_true r\n    ld_u64 255\n    abort\n  r:\n    ret\n"
    );
}

#[test]
fn whitespace_control_and_comments() {
    let src = "a  {#- comment -#}  b\n{%- if 1 == 1 -%}\n  yes  \n{%- else -%} no {%- endif %}!";
    assert_eq!(expand_template(src).unwrap(), "abyes!");
}

#[test]
fn if_elif_else_and_logic() {
    let src = "{% for x in [1, 2, 3] %}{% if x == 1 %}one{% elif x == 2 and not false %}two{% else %}{{x}}{% endif %},{% endfor %}";
    assert_eq!(expand_template(src).unwrap(), "one,two,3,");
}

#[test]
fn self_macros_and_loop_variables() {
    let src = "{% macro m(a, b=\"z\") %}[{{a}}{{b}}]{% endmacro m %}{% for x in [\"p\", \"q\"] %}{{ self::m(a=x) }}{{loop.index}}{% endfor %}";
    assert_eq!(expand_template(src).unwrap(), "[pz]1[qz]2");
}

#[test]
fn set_is_scoped_to_the_loop_but_set_global_is_not() {
    let src = "{% set a = 1 %}{% for x in [5] %}{% set a = x %}{{a}}{% endfor %}{{a}}";
    assert_eq!(expand_template(src).unwrap(), "51");
    let src = "{% set a = 1 %}{% for x in [5] %}{% set_global a = x %}{% endfor %}{{a}}";
    assert_eq!(expand_template(src).unwrap(), "5");
}

#[test]
fn errors_are_reported() {
    for bad in [
        "{% for x in [1] %}",
        "{{ y }}",
        "{% endfor %}",
        "{% frobnicate %}",
        "{% import \"other\" as o %}",
        "{{ nope::m() }}",
        "{{ [1] }}",
        "{% if 1 %}{% endfor %}",
        "{% macro r() %}{{ self::r() }}{% endmacro %}{{ self::r() }}",
    ] {
        assert!(expand_template(bad).is_err(), "{bad}");
    }
}

/// The message of the error `src` must fail with.
fn error_of(src: &str) -> String {
    match expand_template(src) {
        Ok(out) => panic!("expected an error, got {} bytes of output", out.len()),
        Err(e) => e.to_string(),
    }
}

/// Stack for the tests at the limits: a quarter of a worker thread's in optimized builds (they
/// need under 256 KiB), the whole of it in unoptimized ones, whose frames are larger.
const SMALL_STACK_KIB: usize = if cfg!(debug_assertions) { 2048 } else { 512 };

/// Runs `f` on a thread with a `kib` KiB stack, as the test driver runs expansion on its
/// worker threads (there with the default 2 MiB).
fn on_stack<T: Send>(kib: usize, f: impl FnOnce() -> T + Send) -> T {
    std::thread::scope(|s| {
        std::thread::Builder::new()
            .stack_size(kib * 1024)
            .spawn_scoped(s, f)
            .unwrap()
            .join()
            .unwrap()
    })
}

#[test]
fn deep_parentheses_hit_the_nesting_limit() {
    let n = 1_450;
    let src = format!("{{{{ {}1{} }}}}", "(".repeat(n), ")".repeat(n));
    let msg = on_stack(2048, || error_of(&src));
    assert!(msg.contains("nesting limit of 128"), "{msg}");
    assert!(msg.contains("line 1: expression"), "{msg}");
}

#[test]
fn chained_not_hits_the_nesting_limit() {
    let src = format!("{{{{ {}true }}}}", "not ".repeat(4_663));
    let msg = on_stack(2048, || error_of(&src));
    assert!(msg.contains("nesting limit of 128"), "{msg}");
}

#[test]
fn chained_and_hits_the_nesting_limit() {
    // A left-leaning chain needs no recursion to parse but would to evaluate and drop.
    let src = format!("{{{{ true{} }}}}", " and true".repeat(100_000));
    let msg = on_stack(2048, || error_of(&src));
    assert!(msg.contains("nesting limit of 128"), "{msg}");
}

#[test]
fn nested_ifs_hit_the_nesting_limit() {
    let n = 2_039;
    let src = format!(
        "{}x{}",
        "{% if true %}\n".repeat(n),
        "{% endif %}".repeat(n)
    );
    let msg = on_stack(2048, || error_of(&src));
    assert!(msg.contains("blocks nested too deeply"), "{msg}");
    assert!(msg.contains("nesting limit of 128"), "{msg}");
    // The first `if` over the limit sits on line 129.
    assert!(msg.contains("line 129:"), "{msg}");
}

#[test]
fn nested_fors_hit_the_nesting_limit() {
    let n = 1_517;
    let src = format!(
        "{}x{}",
        "{% for x in [1] %}".repeat(n),
        "{% endfor %}".repeat(n)
    );
    let msg = on_stack(2048, || error_of(&src));
    assert!(msg.contains("nesting limit of 128"), "{msg}");
}

#[test]
fn macro_default_calling_itself_hits_the_call_depth_limit() {
    let src = "{% macro m(a=self::m()) %}{{a}}{% endmacro %}{{ self::m() }}";
    let msg = on_stack(2048, || error_of(src));
    assert!(msg.contains("call depth limit of 64"), "{msg}");
}

#[test]
fn doubling_an_array_hits_the_value_size_limit() {
    let src = format!(
        "{{% set x = [1] %}}{}done",
        "{% set x = [x, x] %}\n".repeat(24)
    );
    let msg = error_of(&src);
    assert!(msg.contains("value size limit of 1000000"), "{msg}");
    // After k doublings the size is 3 * 2^k - 1 (each array counts one): the 19th doubling,
    // on line 19, is the first over the limit.
    assert!(msg.contains("line 19:"), "{msg}");
}

#[test]
fn nesting_an_array_hits_the_value_depth_limit() {
    let src = format!("{{% set x = 1 %}}{}", "{% set x = [x] %}".repeat(1_000));
    let msg = on_stack(2048, || error_of(&src));
    assert!(msg.contains("value depth limit of 128"), "{msg}");
}

#[test]
fn nested_loops_hit_the_output_limit() {
    let list = "{% for x in [0,1,2,3,4,5,6,7,8,9] %}";
    let text = "x".repeat(100);
    let src = format!("{}{text}{}", list.repeat(9), "{% endfor %}".repeat(9));
    let msg = error_of(&src);
    assert!(msg.contains("output size limit of 16777216 bytes"), "{msg}");
}

#[test]
fn empty_nested_loops_hit_the_step_limit() {
    let list = "{% for x in [0,1,2,3,4,5,6,7,8,9] %}";
    let src = format!("{}{}", list.repeat(9), "{% endfor %}".repeat(9));
    let msg = error_of(&src);
    assert!(msg.contains("step limit of 10000000"), "{msg}");
}

#[test]
fn macros_calling_the_next_twice_hit_the_step_limit() {
    let mut src = String::new();
    for i in 0..25 {
        let next = i + 1;
        src.push_str(&format!(
            "{{% macro m{i}() %}}{{{{ self::m{next}() }}}}{{{{ self::m{next}() }}}}{{% endmacro %}}\n"
        ));
    }
    src.push_str("{% macro m25() %}x{% endmacro %}\n{{ self::m0() }}");
    let msg = error_of(&src);
    assert!(msg.contains("step limit of 10000000"), "{msg}");
}

#[test]
fn copying_a_large_value_is_charged_as_work() {
    // A value of size 786,431, copied in each of 1,000 iterations.
    let src = format!(
        "{{% set x = [1] %}}{}{{% set e = [0,1,2,3,4,5,6,7,8,9] %}}{}{{% set y = x %}}{}",
        "{% set x = [x, x] %}".repeat(18),
        "{% for i in e %}".repeat(3),
        "{% endfor %}".repeat(3)
    );
    let msg = error_of(&src);
    assert!(msg.contains("step limit of 10000000"), "{msg}");
}

/// 64 nested macro calls, each inside an `if`, around `not`s `nots` deep: the heaviest stack
/// per render level the limits allow.
fn deepest_render(nots: usize) -> String {
    let mut src = format!(
        "{{% macro m63() %}}{{{{ {}true }}}}{{% endmacro %}}",
        "not ".repeat(nots)
    );
    for i in 0..63 {
        let next = i + 1;
        src.push_str(&format!(
            "{{% macro m{i}() %}}{{% if true %}}{{{{ self::m{next}() }}}}{{% endif %}}{{% endmacro %}}"
        ));
    }
    src.push_str("{{ self::m0() }}");
    src
}

#[test]
fn just_under_the_limits_renders_on_a_small_stack() {
    // At the render depth limit.
    let src = deepest_render(64);
    assert_eq!(
        on_stack(SMALL_STACK_KIB, || expand_template(&src).unwrap()),
        "true"
    );
    let src = deepest_render(65);
    let msg = on_stack(SMALL_STACK_KIB, || error_of(&src));
    assert!(msg.contains("render depth limit of 256"), "{msg}");
    // 128 parentheses parse, 129 do not.
    let ok = format!("{{{{ {}1{} }}}}", "(".repeat(127), ")".repeat(127));
    assert_eq!(
        on_stack(SMALL_STACK_KIB, || expand_template(&ok).unwrap()),
        "1"
    );
    let over = format!("{{{{ {}1{} }}}}", "(".repeat(128), ")".repeat(128));
    assert!(on_stack(SMALL_STACK_KIB, || error_of(&over)).contains("nesting limit"));
}

#[test]
fn deep_render_hits_the_render_depth_limit() {
    // Each macro adds a call, three blocks and an expression level: 60 calls deep pass 256.
    let mut src = String::from("{% macro m60() %}x{% endmacro %}");
    for i in 0..60 {
        let next = i + 1;
        src.push_str(&format!(
            "{{% macro m{i}() %}}{{% if true %}}{{% if true %}}{{% if true %}}{{{{ self::m{next}() }}}}{{% endif %}}{{% endif %}}{{% endif %}}{{% endmacro %}}"
        ));
    }
    src.push_str("{{ self::m0() }}");
    let msg = on_stack(2048, || error_of(&src));
    assert!(msg.contains("render depth limit of 256"), "{msg}");
}

#[test]
fn limits_leave_ordinary_templates_unchanged() {
    // Loops, conditions, macros and imports as the suites use them.
    let src = "{% import \"macros\" as macros %}\n{% macro pair(a, b=\"u8\") %}{{a}}/{{b}}{% endmacro %}\n{% for t in integer_types %}{% if not (t == \"u8\" or t == \"u16\") and loop.index > 3 %}{{ self::pair(a=t) }},{% endif %}{% endfor %}\n{{ macros::expect_num(ty=\"u8\", val=1) }}";
    assert_eq!(
        expand_template(src).unwrap(),
        "\nu64/u8,u128/u8,u256/u8,\nld_u8 1\n    eq\n    br_true r\n    ld_u64 255\n    abort\n  r:"
    );
}
