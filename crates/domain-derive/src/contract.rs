//! `#[contract::wire]`: the derives every contract type (a request or response body) carries,
//! and the TypeScript type of its 64-bit integers, as one decision rather than lines copied onto
//! each of the ~230 types.
//!
//! - Derives `Debug, Clone, PartialEq, Eq, Serialize, Deserialize, utoipa::ToSchema`, and
//!   `ts_rs::TS` with the `ts` feature. Arguments add `Copy`, `Default`, `Hash` or
//!   `IntoParams`, and take away `!Eq` (a type with floats) or `!PartialEq` (and with it `Eq`);
//!   `OptionalFields` makes its `Option` fields optional in TypeScript (`field?: T | null`), for
//!   a request a client may send without them.
//! - A field of type `i64`, `u64`, `Option<i64>`, `Option<u64>` or `Vec<i64>` with no `ts(...)`
//!   attribute of its own is typed `number`, `number | null` or `number[]` in TypeScript:
//!   ts-rs would say `bigint`, which `JSON.parse` never produces. Every id and epoch-ms on the
//!   wire is below 2^53.

use proc_macro2::TokenStream as Tokens;
use quote::quote;
use syn::parse::{Parse, ParseStream};
use syn::punctuated::Punctuated;
use syn::{Attribute, Data, DeriveInput, Fields, Type};

/// One argument: `Copy`, or `!Eq`.
struct Arg {
    not: bool,
    name: syn::Ident,
}

impl Parse for Arg {
    fn parse(input: ParseStream) -> syn::Result<Self> {
        let not = input.parse::<Option<syn::Token![!]>>()?.is_some();
        Ok(Arg {
            not,
            name: input.parse()?,
        })
    }
}

pub(crate) fn contract_wire(args: Tokens, item: Tokens) -> syn::Result<Tokens> {
    let args =
        syn::parse::Parser::parse2(Punctuated::<Arg, syn::Token![,]>::parse_terminated, args)?;
    let mut input: DeriveInput = syn::parse2(item)?;
    let (mut eq, mut partial_eq) = (true, true);
    let mut extras = Vec::new();
    let mut optional_fields = None;
    for a in &args {
        match (a.not, a.name.to_string().as_str()) {
            (true, "Eq") => eq = false,
            (true, "PartialEq") => (eq, partial_eq) = (false, false),
            (false, "Copy") => extras.push(quote!(Copy,)),
            (false, "Default") => extras.push(quote!(Default,)),
            (false, "Hash") => extras.push(quote!(Hash,)),
            (false, "IntoParams") => extras.push(quote!(::utoipa::IntoParams,)),
            (false, "OptionalFields") => {
                optional_fields =
                    Some(quote!(#[cfg_attr(feature = "ts", ts(optional_fields = nullable))]))
            }
            _ => return Err(syn::Error::new(
                a.name.span(),
                "#[wire] takes Copy, Default, Hash, IntoParams, OptionalFields, !Eq, !PartialEq",
            )),
        }
    }
    match &mut input.data {
        Data::Struct(s) => number_fields(&mut s.fields),
        Data::Enum(e) => e
            .variants
            .iter_mut()
            .for_each(|v| number_fields(&mut v.fields)),
        Data::Union(_) => {}
    }
    let partial_eq = partial_eq.then(|| quote!(PartialEq,));
    let eq = eq.then(|| quote!(Eq,));
    Ok(quote! {
        #[derive(
            Debug,
            Clone,
            #(#extras)*
            #partial_eq
            #eq
            ::serde::Serialize,
            ::serde::Deserialize,
            ::utoipa::ToSchema
        )]
        #[cfg_attr(feature = "ts", derive(ts_rs::TS))]
        #optional_fields
        #input
    })
}

/// Adds the TypeScript number type to the 64-bit integer fields that do not say their own.
fn number_fields(fields: &mut Fields) {
    for f in fields.iter_mut() {
        if f.attrs.iter().any(says_ts) {
            continue;
        }
        if let Some(ts) = number_type(&f.ty) {
            f.attrs
                .push(syn::parse_quote!(#[cfg_attr(feature = "ts", ts(type = #ts))]));
        }
    }
}

/// `#[ts(...)]` or `#[cfg_attr(feature = "ts", ts(...))]`.
fn says_ts(a: &Attribute) -> bool {
    if a.path().is_ident("ts") {
        return true;
    }
    let meta = &a.meta;
    a.path().is_ident("cfg_attr") && quote!(#meta).to_string().contains("ts (")
}

fn number_type(ty: &Type) -> Option<&'static str> {
    let text = quote!(#ty).to_string().replace(' ', "");
    match text.as_str() {
        "i64" | "u64" => Some("number"),
        "Option<i64>" | "Option<u64>" => Some("number | null"),
        "Vec<i64>" | "Vec<u64>" => Some("number[]"),
        _ => None,
    }
}
