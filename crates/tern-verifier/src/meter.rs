//! Verifier metering: the analyses charge units for their work per function and per module;
//! over budget is reported as `CONSTRAINT_NOT_SATISFIED` ("program too complex"), as the peer
//! does. Both scopes are bounded by the per-function budget, like the peer.

use crate::config::VerifierConfig;
use crate::error::{err, VResult};
use tern_primitives::StatusCode;

/// Metering scope.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(crate) enum Scope {
    /// The whole module.
    Module,
    /// The current function.
    Function,
}

#[derive(Debug)]
struct Bounds {
    units: u128,
    max: Option<u128>,
}

impl Bounds {
    #[inline]
    fn add(&mut self, units: u128) -> VResult<()> {
        if let Some(max) = self.max {
            let new_units = self.units.saturating_add(units);
            if new_units > max {
                return Err(self.too_complex(units, max));
            }
            self.units = new_units;
        }
        Ok(())
    }

    #[cold]
    fn too_complex(&self, units: u128, max: u128) -> tern_primitives::VmError {
        err(StatusCode::CONSTRAINT_NOT_SATISFIED).with_message(format!(
            "program too complex (`{} current + {} new > {} max`)",
            self.units, units, max
        ))
    }
}

/// The meter of one module or script verification.
#[derive(Debug)]
pub(crate) struct Meter {
    module: Bounds,
    function: Bounds,
}

impl Meter {
    /// A fresh meter with the configured budgets.
    pub(crate) fn new(config: &VerifierConfig) -> Meter {
        Meter {
            module: Bounds {
                units: 0,
                max: config.max_per_fun_meter_units,
            },
            function: Bounds {
                units: 0,
                max: config.max_per_fun_meter_units,
            },
        }
    }

    /// A meter without budgets (Sui's own passes at execution).
    pub(crate) fn unmetered() -> Meter {
        Meter {
            module: Bounds {
                units: 0,
                max: None,
            },
            function: Bounds {
                units: 0,
                max: None,
            },
        }
    }

    fn bounds(&mut self, scope: Scope) -> &mut Bounds {
        match scope {
            Scope::Module => &mut self.module,
            Scope::Function => &mut self.function,
        }
    }

    /// Whether charges are counted at all (no budget: nothing to count).
    pub(crate) fn enabled(&self) -> bool {
        self.function.max.is_some() || self.module.max.is_some()
    }

    /// Starts a new scope (resets its units).
    pub(crate) fn enter_scope(&mut self, scope: Scope) {
        self.bounds(scope).units = 0;
    }

    /// Charges `units`.
    #[inline]
    pub(crate) fn add(&mut self, scope: Scope, units: u128) -> VResult<()> {
        self.bounds(scope).add(units)
    }

    /// Charges `items` times `per_item`.
    #[inline]
    pub(crate) fn add_items(&mut self, scope: Scope, per_item: u128, items: usize) -> VResult<()> {
        if items == 0 {
            return Ok(());
        }
        let items = u128::try_from(items).unwrap_or(u128::MAX);
        self.add(scope, per_item.saturating_mul(items))
    }

    /// Charges `items` items, each costing `growth` times the previous one.
    pub(crate) fn add_items_with_growth(
        &mut self,
        scope: Scope,
        mut per_item: u128,
        items: usize,
        growth: f32,
    ) -> VResult<()> {
        for _ in 0..items {
            self.add(scope, per_item)?;
            per_item = float_units(growth * per_item as f32);
        }
        Ok(())
    }

    /// Charges `to` with the units of `from` times `factor`.
    pub(crate) fn transfer(&mut self, from: Scope, to: Scope, factor: f32) -> VResult<()> {
        let units = float_units(self.bounds(from).units as f32 * factor);
        self.add(to, units)
    }
}

/// Converts a float amount to units the way a saturating `as` cast does.
fn float_units(x: f32) -> u128 {
    if x.is_nan() || x <= 0.0 {
        0
    } else if x >= u128::MAX as f32 {
        u128::MAX
    } else {
        x as u128
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn budget_is_enforced_per_function_and_module() {
        let config = VerifierConfig {
            max_per_fun_meter_units: Some(100),
            ..VerifierConfig::production()
        };
        let mut m = Meter::new(&config);
        m.enter_scope(Scope::Function);
        m.add(Scope::Function, 60).unwrap();
        m.transfer(Scope::Function, Scope::Module, 1.0).unwrap();
        m.enter_scope(Scope::Function);
        m.add_items(Scope::Function, 20, 3).unwrap();
        let e = m.transfer(Scope::Function, Scope::Module, 1.0).unwrap_err();
        assert_eq!(e.status(), StatusCode::CONSTRAINT_NOT_SATISFIED);
    }

    #[test]
    fn growth_multiplies_each_item() {
        let config = VerifierConfig {
            max_per_fun_meter_units: Some(100 + 150 + 225 - 1),
            ..VerifierConfig::production()
        };
        let mut m = Meter::new(&config);
        assert!(m
            .add_items_with_growth(Scope::Function, 100, 3, 1.5)
            .is_err());
    }
}
