//! Declarations: the unit header, aliases, friends, structs, enums and functions.

use super::{PResult, Parser};
use crate::assembler::ast::{
    Decl, FunDecl, Layout, ModName, StructDecl, TypeParam, Unit, VariantDecl,
};
use crate::assembler::errors::{Diag, Span};
use crate::assembler::lexer::Tok;
use std::collections::BTreeMap;
use tern_binary::{FunctionAttribute, Visibility};
use tern_primitives::{AbilitySet, AccountAddress, Flavor};

type Aliases = BTreeMap<String, AccountAddress>;

impl Parser<'_> {
    pub(super) fn unit(&mut self) -> PResult<Unit> {
        while *self.next() == Tok::Newline {
            self.advance();
        }
        let flavor = self.flavor()?;
        let mut address_aliases = vec![];
        while self.is_kw("address") {
            self.advance();
            let name = self.ident()?;
            self.expect_special("=")?;
            let addr = self.address()?;
            self.expect_newline()?;
            address_aliases.push((name, addr));
        }
        let alias_map: Aliases = address_aliases.iter().cloned().collect();
        let module = if self.is_kw("module") {
            self.advance();
            Some(self.module_id(&alias_map)?)
        } else if self.is_kw("script") {
            if flavor == Flavor::Sui {
                return self.error("the Sui flavor has no scripts");
            }
            self.advance();
            self.script = true;
            None
        } else {
            return self.error("expected `module` or `script` header");
        };
        self.expect_newline()?;
        let module_aliases = self.uses(&alias_map)?;
        let mut friends = vec![];
        while self.is_kw("friend") && self.lookahead_special(2, "::") {
            self.advance();
            friends.push(self.module_id(&alias_map)?);
            self.expect_newline()?;
        }
        let (structs, functions) = self.definitions()?;
        Ok(Unit {
            flavor,
            module,
            address_aliases,
            module_aliases,
            friends,
            structs,
            functions,
        })
    }

    /// An optional `flavor aptos|sui` line (Aptos when absent).
    fn flavor(&mut self) -> PResult<Flavor> {
        if !self.is_kw("flavor") {
            return Ok(Flavor::Aptos);
        }
        self.advance();
        let name = self.ident()?;
        let flavor = match name.parse::<Flavor>() {
            Ok(flavor) => flavor,
            Err(e) => return Err(Diag::new(self.previous, e.to_string())),
        };
        self.expect_newline()?;
        Ok(flavor)
    }

    fn uses(&mut self, aliases: &Aliases) -> PResult<Vec<(String, ModName)>> {
        let mut result = vec![];
        while self.is_kw("use") {
            self.advance();
            let module = self.module_id(aliases)?;
            let name = if self.is_kw("as") {
                self.advance();
                self.ident()?
            } else {
                module.name.clone()
            };
            self.expect_newline()?;
            result.push((name, module));
        }
        Ok(result)
    }

    fn definitions(&mut self) -> PResult<(Vec<StructDecl>, Vec<FunDecl>)> {
        let mut structs = vec![];
        let mut functions = vec![];
        while *self.next() != Tok::End {
            if self.is_kw("struct") || self.is_kw("enum") {
                structs.push(self.struct_or_enum()?);
            } else if self.is_kw("native") && self.peek_is_kw("struct") {
                self.advance();
                let mut decl = self.struct_or_enum()?;
                if !matches!(&decl.layout, Layout::Fields(f) if f.is_empty()) {
                    return Err(Diag::new(decl.loc, "a native struct has no fields"));
                }
                decl.layout = Layout::Native;
                structs.push(decl);
            } else if self.is_first_of_fun() {
                functions.push(self.fun()?);
            } else {
                return self.error("expected function or struct declaration");
            }
        }
        Ok((structs, functions))
    }

    fn module_id(&mut self, aliases: &Aliases) -> PResult<ModName> {
        let address = if self.is_number() {
            self.address()?
        } else if self.is_ident() {
            let name = self.ident()?;
            match aliases.get(&name) {
                Some(addr) => *addr,
                None => return self.error(format!("unknown address alias `{name}`")),
            }
        } else {
            return self.error("expected address or address alias");
        };
        self.expect_special("::")?;
        let name = self.ident()?;
        Ok(ModName { address, name })
    }

    // ---------------------------------------------------------------------------------------
    // Structs and enums

    fn struct_or_enum(&mut self) -> PResult<StructDecl> {
        let is_enum = self.is_kw("enum");
        self.advance();
        let loc = self.next_loc();
        let name = self.ident()?;
        let type_params = self.type_params(true)?;
        let abilities = if self.is_kw("has") {
            self.advance();
            self.abilities()?
        } else {
            AbilitySet::EMPTY
        };
        self.expect_newline()?;
        let layout = if is_enum {
            let variants = self.variants()?;
            if variants.is_empty() {
                return Err(Diag::new(loc, "enum type must have at least one variant"));
            }
            Layout::Variants(variants)
        } else {
            let mut fields = vec![];
            while *self.next() == Tok::Indent {
                self.advance();
                fields.push(self.decl()?);
                self.expect_newline()?;
            }
            Layout::Fields(fields)
        };
        Ok(StructDecl {
            loc,
            name,
            type_params,
            abilities,
            layout,
        })
    }

    fn variants(&mut self) -> PResult<Vec<VariantDecl>> {
        let mut variants = vec![];
        let mut current: Option<(Span, String)> = None;
        let mut fields = vec![];
        while *self.next() == Tok::Indent {
            self.advance();
            if self.is_ident() && *self.peek_at(1) == Tok::Newline {
                let loc = self.next_loc();
                let name = self.ident()?;
                if let Some((loc, name)) = current.replace((loc, name)) {
                    variants.push(VariantDecl { loc, name, fields });
                }
                // Fields written before the first variant are dropped, as the peer does.
                fields = vec![];
            } else {
                fields.push(self.decl()?);
            }
            self.expect_newline()?;
        }
        if let Some((loc, name)) = current {
            variants.push(VariantDecl { loc, name, fields });
        }
        Ok(variants)
    }

    fn type_params(&mut self, allow_phantom: bool) -> PResult<Vec<TypeParam>> {
        if !self.is_special("<") {
            return Ok(vec![]);
        }
        self.advance();
        let item = if allow_phantom {
            Self::struct_type_param
        } else {
            Self::fun_type_param
        };
        let result = self.list(item, ",")?;
        self.expect_special(">")?;
        Ok(result)
    }

    fn struct_type_param(&mut self) -> PResult<TypeParam> {
        let is_phantom = self.is_kw("phantom");
        if is_phantom {
            self.advance();
        }
        let mut param = self.fun_type_param()?;
        param.is_phantom = is_phantom;
        Ok(param)
    }

    fn fun_type_param(&mut self) -> PResult<TypeParam> {
        let name = self.ident()?;
        let constraints = if self.is_special(":") {
            self.advance();
            self.abilities()?
        } else {
            AbilitySet::EMPTY
        };
        Ok(TypeParam {
            name,
            constraints,
            is_phantom: false,
        })
    }

    fn decl(&mut self) -> PResult<Decl> {
        let loc = self.next_loc();
        let name = self.ident()?;
        self.expect_special(":")?;
        let ty = self.type_()?;
        Ok(Decl { loc, name, ty })
    }

    // ---------------------------------------------------------------------------------------
    // Functions

    fn is_first_of_fun(&self) -> bool {
        ["fun", "entry", "public", "friend", "native"]
            .iter()
            .any(|kw| self.is_kw(kw))
            || (self.is_special("#") && self.lookahead_special(1, "["))
    }

    fn fun(&mut self) -> PResult<FunDecl> {
        let attributes = self.attributes()?;
        let is_entry = self.take_kw("entry");
        let visibility = if self.take_kw("public") {
            Visibility::Public
        } else if self.take_kw("friend") {
            Visibility::Friend
        } else {
            Visibility::Private
        };
        let is_native = self.take_kw("native");
        self.expect_kw("fun")?;
        let loc = self.next_loc();
        let name = self.ident()?;
        let type_params = self.type_params(false)?;
        self.expect_special("(")?;
        let params = if self.is_ident() {
            self.list(Self::decl, ",")?
        } else {
            vec![]
        };
        self.expect_special(")")?;
        let result = if self.is_special(":") {
            self.advance();
            self.result_types()?
        } else {
            vec![]
        };
        let acquires = if self.take_kw("acquires") {
            self.list(Self::ident, ",")?
        } else {
            vec![]
        };
        self.expect_newline()?;
        let mut fun = FunDecl {
            loc,
            name,
            visibility,
            is_entry,
            is_native,
            attributes,
            type_params,
            params,
            locals: vec![],
            result,
            acquires,
            instrs: vec![],
        };
        self.body(&mut fun)?;
        Ok(fun)
    }

    fn take_kw(&mut self, kw: &str) -> bool {
        let found = self.is_kw(kw);
        if found {
            self.advance();
        }
        found
    }

    fn body(&mut self, fun: &mut FunDecl) -> PResult<()> {
        while *self.next() == Tok::Indent || (self.is_ident() && self.lookahead_special(1, ":")) {
            if *self.next() == Tok::Indent {
                self.advance();
            }
            if self.is_kw("local") {
                if !fun.instrs.is_empty() {
                    return self.error("local declarations must precede instructions");
                }
                self.advance();
                fun.locals.push(self.decl()?);
            } else {
                fun.instrs.push(self.instr()?);
            }
            self.expect_newline()?;
        }
        if fun.is_native && (!fun.locals.is_empty() || !fun.instrs.is_empty()) {
            return Err(Diag::new(
                fun.loc,
                "native function cannot have a body or locals",
            ));
        }
        // A script's missing body is reported when the unit becomes a script (masm.md §11).
        if !fun.is_native && fun.instrs.is_empty() && !self.script {
            return Err(Diag::new(fun.loc, "non-native function must have a body"));
        }
        Ok(())
    }

    fn attributes(&mut self) -> PResult<Vec<FunctionAttribute>> {
        if !(self.is_special("#") && self.lookahead_special(1, "[")) {
            return Ok(vec![]);
        }
        self.advance();
        self.advance();
        let attrs = self.list(Self::attribute, ",")?;
        self.expect_special("]")?;
        Ok(attrs)
    }

    fn attribute(&mut self) -> PResult<FunctionAttribute> {
        let name = self.ident()?;
        Ok(match name.as_str() {
            "persistent" => FunctionAttribute::Persistent,
            "module_lock" => FunctionAttribute::ModuleLock,
            "pack" => FunctionAttribute::Pack,
            "unpack" => FunctionAttribute::Unpack,
            "pack_variant" => FunctionAttribute::PackVariant(self.attribute_arg()?),
            "unpack_variant" => FunctionAttribute::UnpackVariant(self.attribute_arg()?),
            "test_variant" => FunctionAttribute::TestVariant(self.attribute_arg()?),
            "borrow" => FunctionAttribute::BorrowFieldImmutable(self.attribute_arg()?),
            "borrow_mut" => FunctionAttribute::BorrowFieldMutable(self.attribute_arg()?),
            _ => return self.error(format!("unknown function attribute '{name}'")),
        })
    }

    /// `(N)`, truncated to its low 16 bits like the peer.
    fn attribute_arg(&mut self) -> PResult<u16> {
        self.expect_special("(")?;
        let value = match self.next() {
            Tok::Number(n) => (n.as_u64() & 0xFFFF) as u16,
            _ => return self.error("expected number"),
        };
        self.advance();
        self.expect_special(")")?;
        Ok(value)
    }
}
