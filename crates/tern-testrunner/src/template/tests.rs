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
