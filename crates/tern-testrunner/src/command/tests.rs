use super::*;
use tern_primitives::Identifier;

fn parse(cmd: &str) -> Result<Command, String> {
    let mut named = NamedAddresses::new();
    named.insert("A", AccountAddress::from_u64(0x42)).unwrap();
    let words: Vec<String> = std::iter::once("task")
        .chain(cmd.split_whitespace())
        .map(str::to_string)
        .collect();
    Command::parse(&words, &named)
}

fn run(cmd: &str) -> RunCommand {
    match parse(cmd).unwrap() {
        Command::Run(r) => *r,
        other => panic!("not a run: {other:?}"),
    }
}

fn addr(v: u64) -> AccountAddress {
    AccountAddress::from_u64(v)
}

#[test]
fn init_addresses() {
    assert_eq!(
        parse("init --addresses A=0x42 K=0x19").unwrap(),
        Command::Init(InitCommand {
            addresses: vec!["A=0x42".into(), "K=0x19".into()]
        })
    );
    assert!(parse("init 0x1").is_err());
}

#[test]
fn publish_flags() {
    assert_eq!(
        parse("publish").unwrap(),
        Command::Publish(PublishCommand::default())
    );
    let Command::Publish(p) = parse("publish --verbose --print-bytecode --skip-check-friend-linking --skip-check-struct-and-pub-function-linking --skip-check-struct-layout --gas-budget 100 --syntax=masm").unwrap() else {
        panic!()
    };
    assert!(p.verbose && p.print_bytecode && p.skip_check_friend_linking);
    assert!(p.skip_check_struct_and_pub_function_linking && p.skip_check_struct_layout);
    assert_eq!(p.gas_budget, Some(100));
    for bad in [
        "publish --syntax move",
        "publish --syntax=rust",
        "publish 0x1::M",
        "publish --gas-budget x",
        "publish --gas-budget 18446744073709551",
        "publish --signers 0x1",
    ] {
        assert!(parse(bad).is_err(), "{bad}");
    }
}

#[test]
fn run_script_options() {
    let r = run("run --signers 0x1 0xA --type-args u64 bool 0x42::M::S A::M::S --args 0 false 0 0 --verbose --gas-budget 100000 --display-trace --print-bytecode --exec-group 1");
    assert_eq!(r.signers, vec![addr(1), addr(10)]);
    assert_eq!(
        r.type_args
            .iter()
            .map(ToString::to_string)
            .collect::<Vec<_>>(),
        ["u64", "bool", "0x42::M::S", "0x42::M::S"]
    );
    assert_eq!(r.args.len(), 4);
    assert_eq!(r.args[1], ArgValue::Bool(false));
    assert!(r.verbose && r.display_trace && r.print_bytecode);
    assert_eq!(r.gas_budget, Some(100000));
    assert_eq!(r.target, None);
}

#[test]
fn run_targets_in_every_position() {
    let r = run("run 0x42::M::t --signers 0x1 --args 0 2 3 4");
    let t = r.target.unwrap();
    assert_eq!(t.module.to_string(), "0x42::M");
    assert_eq!(t.function, Identifier::new("t").unwrap());
    assert_eq!(r.args.len(), 4);

    let r = run("run --signers 0x1 --args 0 -- 0x42::N::ex");
    assert_eq!(r.target.unwrap().function.as_str(), "ex");
    assert_eq!(r.args.len(), 1);

    let r = run("run --verbose A::test::add_instr --args 10u8 20u8 --display-trace");
    assert_eq!(r.target.unwrap().module.address, addr(0x42));
    assert!(r.display_trace);

    // Without `--`, a target after `--args` is an argument value (and a bad one).
    assert!(parse("run --args 0 0x42::N::ex").is_err());
    assert!(parse("run 0x1::M::f 0x1::M::g").is_err());
    assert!(parse("run 0x1::M::f --syntax masm").is_err());
}

#[test]
fn negative_args_and_equals_forms() {
    let r = run("run 0x1::M::f --args -5i8 3i8 --verbose");
    assert_eq!(r.args.len(), 2);
    assert_eq!(r.args[0].to_bcs(), vec![0xfb]);
    assert!(r.verbose);
    let r = run("run 0x1::M::f --args=1 --args=2u8 --type-args=u8 --signers=A");
    assert_eq!(r.args.len(), 2);
    assert_eq!(r.type_args, vec![TypeTag::U8]);
    assert_eq!(r.signers, vec![addr(0x42)]);
    let r = run("run --exec_group 3 --args vector[1u8,2u8] b\"xyz\" @A");
    assert_eq!(r.args[0].to_bcs(), vec![2, 1, 2]);
    assert!(parse("run 0x1::M::f --args -5").is_err());
}

#[test]
fn run_errors_abort() {
    for bad in [
        "run --signers B",
        "run --type-args vector<u8",
        "run --type-args B::m::S",
        "run --args 0x42::M::S{f:1}",
        "run --exec-group x",
        "run --nope",
        "run --verbose --verbose",
        "run B::M::f",
    ] {
        assert!(parse(bad).is_err(), "{bad}");
    }
}

#[test]
fn view_and_print_bytecode() {
    assert_eq!(
        parse("view --address 0x1 --resource 0x42::N::R<u64>").unwrap(),
        Command::View(ViewCommand {
            address: addr(1),
            resource: parse_struct_tag("0x42::N::R<u64>", &NamedAddresses::new()).unwrap(),
        })
    );
    assert!(parse("view --address 0x1").is_err());
    assert!(parse("view --resource 0x1::M::R").is_err());
    assert!(parse("view --address 0x1 --resource u64").is_err());
    assert_eq!(
        parse("print-bytecode").unwrap(),
        Command::PrintBytecode(PrintBytecodeCommand {
            input: UnitKind::Script
        })
    );
    assert_eq!(
        parse("print-bytecode --input=module --syntax masm").unwrap(),
        Command::PrintBytecode(PrintBytecodeCommand {
            input: UnitKind::Module
        })
    );
    assert!(parse("print-bytecode --input other").is_err());
    assert!(parse("frobnicate").is_err());
    assert!(Command::parse(&[], &NamedAddresses::new()).is_err());
    assert!(Command::parse(&["task".to_string()], &NamedAddresses::new()).is_err());
}
