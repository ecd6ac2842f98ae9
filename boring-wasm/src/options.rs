//! The option objects of `decode` and `encode`, read from JavaScript.
//! Unknown option names are refused, so that a misspelt switch is an error
//! rather than a silent default.

use boring::{DuplicateKeys, FloatPolicy, Options, Profile};
use js_sys::{Object, Reflect};
use wasm_bindgen::{JsCast, JsValue};

use crate::error::{unplaced, INVALID_OPTIONS};

/// What `decode` was asked for.
#[derive(Debug, Clone)]
pub(crate) struct DecodeConfig {
    /// The runtime's decoding options.
    pub options: Options,
    /// Shaped and columnar tables as columns (an object of typed arrays and
    /// arrays) instead of arrays of rows.
    pub columns: bool,
    /// Floats that a plain JavaScript number would not re-encode to the
    /// same bytes, and −0, as `{float, width}` objects.
    pub exact_floats: bool,
}

/// Reads `decode`'s options: `undefined`, or an object with `columns`,
/// `exactFloats`, `maxDepth` and `duplicateKeys` (`"reject"` or
/// `"last-wins"`).
pub(crate) fn decode_config(js: &JsValue) -> Result<DecodeConfig, JsValue> {
    let mut config = DecodeConfig {
        options: Options::default(),
        columns: false,
        exact_floats: false,
    };
    if js.is_undefined() || js.is_null() {
        return Ok(config);
    }
    let object = as_object(js)?;
    for name in names(object) {
        let value = Reflect::get(object, &JsValue::from_str(&name))?;
        match name.as_str() {
            "columns" => config.columns = flag(&name, &value)?,
            "exactFloats" => config.exact_floats = flag(&name, &value)?,
            "maxDepth" => config.options = config.options.max_depth(depth(&value)?),
            "duplicateKeys" => {
                let policy = match value.as_string().as_deref() {
                    Some("reject") => DuplicateKeys::Reject,
                    Some("last-wins") => DuplicateKeys::LastWins,
                    _ => return Err(bad("duplicateKeys must be \"reject\" or \"last-wins\"")),
                };
                config.options = config.options.duplicate_keys(policy);
            }
            other => return Err(bad(&format!("unknown decode option `{other}`"))),
        }
    }
    // Tables requested as columns are kept tagged by the runtime and laid
    // out here; otherwise the runtime expands them into rows.
    config.options = config.options.expand_shapes(!config.columns);
    Ok(config)
}

/// Reads `encode`'s second argument: `undefined` (the default profile), a
/// profile name, or an object with `profile` and the switches the profile
/// leaves open (`stringref`, `shapes`, `scatteredShapes`, `columns`,
/// `typedArrays`, `floats`: `"preserve"` or `"shortest"`, `maxDepth`).
pub(crate) fn encode_options(js: &JsValue) -> Result<Options, JsValue> {
    if js.is_undefined() || js.is_null() {
        return Ok(Options::default());
    }
    if let Some(name) = js.as_string() {
        return Ok(Options::from(profile(&name)?));
    }
    let object = as_object(js)?;
    let given = Reflect::get(object, &JsValue::from_str("profile"))?;
    let mut options = match given.as_string() {
        Some(name) => Options::from(profile(&name)?),
        None if given.is_undefined() => Options::default(),
        None => return Err(bad("profile must be a profile name")),
    };
    for name in names(object) {
        let value = Reflect::get(object, &JsValue::from_str(&name))?;
        options = match name.as_str() {
            "profile" => options,
            "stringref" => options.stringref(flag(&name, &value)?),
            "shapes" => options.shapes(flag(&name, &value)?),
            "scatteredShapes" => options.scattered_shapes(flag(&name, &value)?),
            "columns" => options.columns(flag(&name, &value)?),
            "typedArrays" => options.typed_arrays(flag(&name, &value)?),
            "maxDepth" => options.max_depth(depth(&value)?),
            "floats" => match value.as_string().as_deref() {
                Some("preserve") => options.float_policy(FloatPolicy::PreserveWidth),
                Some("shortest") => options.float_policy(FloatPolicy::Shortest),
                _ => return Err(bad("floats must be \"preserve\" or \"shortest\"")),
            },
            other => return Err(bad(&format!("unknown encode option `{other}`"))),
        };
    }
    Ok(options)
}

/// The profile spelled `name` (as `boring::Profile::name` spells it).
pub(crate) fn profile(name: &str) -> Result<Profile, JsValue> {
    Profile::from_name(name).ok_or_else(|| {
        let known: Vec<&str> = Profile::ALL.iter().map(|p| p.name()).collect();
        bad(&format!(
            "unknown profile `{name}`, expected one of {}",
            known.join(", ")
        ))
    })
}

fn as_object(js: &JsValue) -> Result<&Object, JsValue> {
    js.dyn_ref::<Object>()
        .filter(|_| js.is_object())
        .ok_or_else(|| bad("options must be an object"))
}

fn names(object: &Object) -> Vec<String> {
    Object::keys(object)
        .iter()
        .filter_map(|key| key.as_string())
        .collect()
}

fn flag(name: &str, value: &JsValue) -> Result<bool, JsValue> {
    value
        .as_bool()
        .ok_or_else(|| bad(&format!("{name} must be a boolean")))
}

fn depth(value: &JsValue) -> Result<usize, JsValue> {
    match value.as_f64() {
        Some(d) if d.fract() == 0.0 && (1.0..=2048.0).contains(&d) => Ok(d as usize),
        _ => Err(bad("maxDepth must be an integer from 1 to 2048")),
    }
}

fn bad(why: &str) -> JsValue {
    unplaced(INVALID_OPTIONS, &format!("invalid options: {why}"))
}
