// The primitive vector operations, declared with the signatures of Sui's `std::vector`. Each is
// a `#[bytecode_instruction]`: a call to it compiles to the vector instruction of its name
// (`vec_len`, `vec_imm_borrow`, ...), so a package using only these links nothing at 0x1.
#[defines_primitive(vector)]
module std::vector;

#[bytecode_instruction]
public native fun empty<Element>(): vector<Element>;

#[bytecode_instruction]
public native fun length<Element>(v: &vector<Element>): u64;

#[syntax(index)]
#[bytecode_instruction]
public native fun borrow<Element>(v: &vector<Element>, i: u64): &Element;

#[bytecode_instruction]
public native fun push_back<Element>(v: &mut vector<Element>, e: Element);

#[syntax(index)]
#[bytecode_instruction]
public native fun borrow_mut<Element>(v: &mut vector<Element>, i: u64): &mut Element;

#[bytecode_instruction]
public native fun pop_back<Element>(v: &mut vector<Element>): Element;

#[bytecode_instruction]
public native fun destroy_empty<Element>(v: vector<Element>);

#[bytecode_instruction]
public native fun swap<Element>(v: &mut vector<Element>, i: u64, j: u64);
