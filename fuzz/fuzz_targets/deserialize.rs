//! Feeds arbitrary bytes to module and script deserialization, in Aptos's flavor and in Sui's
//! (mainnet rules); whatever loads must serialize and load again to the same model. Any panic
//! (or a failed round trip) is a finding.

#![no_main]

use libfuzzer_sys::fuzz_target;
use tern_binary::{CompiledModule, CompiledScript, DeserializerConfig, VERSION_MIN};

fuzz_target!(|data: &[u8]| {
    let legacy = DeserializerConfig::legacy();
    let _ = CompiledModule::deserialize_unchecked(data, &legacy);
    let _ = CompiledScript::deserialize_unchecked(data, &legacy);
    if let Ok(module) = CompiledModule::deserialize(data) {
        if module.version >= VERSION_MIN {
            if let Ok(bytes) = module.serialize() {
                let again = CompiledModule::deserialize(&bytes).expect("re-serialized module loads");
                assert_eq!(again, module, "module round trip");
            }
        }
    }
    let sui = DeserializerConfig::sui();
    if let Ok(module) = CompiledModule::deserialize_with_config(data, &sui) {
        let bytes = module.serialize().expect("an accepted Sui module serializes");
        let again =
            CompiledModule::deserialize_with_config(&bytes, &sui).expect("re-serialized Sui module loads");
        assert_eq!(again, module, "Sui module round trip");
    }
    if let Ok(script) = CompiledScript::deserialize(data) {
        if script.version >= VERSION_MIN {
            if let Ok(bytes) = script.serialize() {
                let again = CompiledScript::deserialize(&bytes).expect("re-serialized script loads");
                assert_eq!(again, script, "script round trip");
            }
        }
    }
});
