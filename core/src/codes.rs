//! Stable codes: `code_enum!` declares an error family's code enum, one snake_case code per
//! variant that never changes once released, with the variant's documentation as the one
//! description every surface lists. Each family lives in the module that raises it; the
//! catalogue (`crate::error_catalogue`) lists them all. `NAME as "TsName"` names the family's
//! TypeScript union (declared by `make types` from the catalogue) for the declarations of the
//! reports that hold a code (feature `ts`).

// Exported (hidden) for the trust crate's codes, which follow the same rules.
#[doc(hidden)]
#[macro_export]
macro_rules! code_enum {
    ($(#[$meta:meta])* $name:ident $(as $ts:literal)? { $($(#[doc = $doc:literal])+ $variant:ident => $code:literal,)+ }) => {
        $(#[$meta])*
        #[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
        #[non_exhaustive]
        pub enum $name { $($(#[doc = $doc])+ $variant,)+ }
        impl $name {
            /// Every kind, in catalogue order.
            pub const ALL: &'static [$name] = &[$($name::$variant,)+];
            /// The stable snake_case code.
            pub fn code(self) -> &'static str {
                match self { $($name::$variant => $code,)+ }
            }
            /// `(code, description)` of every kind, in catalogue order.
            // Each doc line starts with the space after `///`.
            pub const CODES: &'static [(&'static str, &'static str)] =
                &[$(($code, concat!($($doc),+).trim_ascii_start()),)+];
            /// What the code means, in one sentence (the variant's documentation: the
            /// catalogue's one description per code, listed by every surface).
            pub fn description(self) -> &'static str {
                Self::CODES[self as usize].1
            }
            /// The kind with this code, if any.
            pub fn from_code(code: &str) -> Option<Self> {
                match code { $($code => Some($name::$variant),)+ _ => None }
            }
        }
        impl ::core::fmt::Display for $name {
            fn fmt(&self, f: &mut ::core::fmt::Formatter<'_>) -> ::core::fmt::Result { f.write_str(self.code()) }
        }
        impl serde::Serialize for $name {
            fn serialize<S: serde::Serializer>(&self, s: S) -> Result<S::Ok, S::Error> {
                s.serialize_str(self.code())
            }
        }
        $(
            #[cfg(feature = "ts")]
            impl ts_rs::TS for $name {
                type WithoutGenerics = Self;
                type OptionInnerType = Self;
                fn name(_: &ts_rs::Config) -> String {
                    $ts.to_owned()
                }
                fn inline(_: &ts_rs::Config) -> String {
                    $ts.to_owned()
                }
                fn decl(_: &ts_rs::Config) -> String {
                    let codes: Vec<String> = Self::CODES.iter().map(|(c, _)| format!("\"{c}\"")).collect();
                    format!("type {} = {};", $ts, codes.join(" | "))
                }
            }
        )?
    };
}

pub(crate) use code_enum;
