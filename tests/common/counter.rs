//! A module shared by tests that need a little state and a little code: a counter resource
//! each account can hold, a pure function through a private helper, and a version number
//! (tests upgrade it by editing the text).

/// `0x42::counter`: `init(&signer)` puts a `Counter` of 0 at the signer, `incr(address)` adds
/// one and returns the new value, `f(x) = 2x + 1` (through the private `scale`), `version()`
/// is 1.
pub(crate) const COUNTER: &str = "module 0x42::counter
struct Counter has key
  value: u64

public fun init(account: &signer)
    move_loc account
    ld_u64 0
    pack Counter
    move_to Counter
    ret

public fun incr(owner: address): u64 acquires Counter
    local c: &mut u64
    move_loc owner
    mut_borrow_global Counter
    mut_borrow_field Counter, value
    st_loc c
    copy_loc c
    read_ref
    ld_u64 1
    add
    copy_loc c
    write_ref
    move_loc c
    read_ref
    ret

public fun f(x: u64): u64
    move_loc x
    call scale
    ld_u64 1
    add
    ret

fun scale(x: u64): u64
    move_loc x
    ld_u64 2
    mul
    ret

public fun version(): u64
    ld_u64 1
    ret
";
