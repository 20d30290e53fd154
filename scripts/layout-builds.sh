#!/bin/bash
# Builds the working tree's `tern` several times with the code shifted: N bytes of padding are
# placed in the command line crate's text (before the VM's code in the binary), so the
# interpreter's loop lands at other addresses (multiples of 64 keep its alignment). Any edit
# anywhere in the binary shifts the loop the same way: comparing two versions at several
# shifts each (interleaved, `minbench.sh`) separates the change from the shift.
# usage: LABEL=new PADS="0 1024 2048 3072" scripts/layout-builds.sh   -> /tmp/tern-$LABEL-$pad
set -e
cd "$(dirname "$0")/.."
main=crates/tern-cli/src/main.rs
cp $main /tmp/layout-main.rs.orig
trap 'cp /tmp/layout-main.rs.orig '$main EXIT
for pad in ${PADS:-0 1024 2048 3072}; do
  cp /tmp/layout-main.rs.orig $main
  if [ "$pad" != 0 ]; then
    # A section the linker keeps only if referenced (it drops unused ones): main reads the
    # padding's address.
    printf '\nstd::arch::global_asm!(".pushsection .text.tern_layout_pad,\\"ax\\",@progbits\\n.p2align 6\\n.globl tern_layout_pad\\ntern_layout_pad:\\n.skip %s, 0xcc\\n.popsection");\nextern "C" {\n    fn tern_layout_pad();\n}\n' "$pad" >> $main
    sed -i 's/^fn main() -> ExitCode {$/fn main() -> ExitCode {\n    std::hint::black_box(tern_layout_pad as usize);/' $main
  fi
  cargo build --release -p tern-cli 2>&1 | grep -E "^error" && exit 1
  cp target/release/tern /tmp/tern-${LABEL:-build}-$pad
  echo "/tmp/tern-${LABEL:-build}-$pad: $(nm -C target/release/tern | grep -E 'Session>::run_frames$' | cut -c1-16)"
done
