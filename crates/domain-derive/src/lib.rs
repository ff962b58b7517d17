//! `#[derive(FromValue, ToValue)]` for the domain crate's browser wire format (and `#[wire]`,
//! the derives every wire type carries)
//! (`domain::value`). The derives read the type's own `#[serde(...)]` attributes, so a type's
//! browser shape cannot drift from its server (serde) shape: the same renames, aliases,
//! defaults, tags and flattening. An attribute this derive does not understand is a compile
//! error rather than a silent difference.
//!
//! Supported serde attributes — container: `rename_all`, `transparent`, `untagged`, `tag`,
//! `deny_unknown_fields` (unknown keys are ignored in the browser, as they always were),
//! `rename`; field: `rename`, `alias`, `default`, `flatten`, `skip_serializing_if`,
//! `deserialize_with` (which needs a `#[value(from = "path")]` twin reading a `Value`);
//! variant: `rename`, `alias`.
//!
//! The generated code names `crate::value`: it is meant for the domain crate only.

use proc_macro::TokenStream;

mod contract;
use proc_macro2::TokenStream as Tokens;
use quote::quote;
use syn::ext::IdentExt;
use syn::{
    parse_macro_input, Attribute, Data, DeriveInput, Fields, GenericParam, LitStr, Path, Type,
};

#[proc_macro_derive(FromValue, attributes(value, serde))]
pub fn derive_from_value(input: TokenStream) -> TokenStream {
    let input = parse_macro_input!(input as DeriveInput);
    from_value(&input)
        .unwrap_or_else(syn::Error::into_compile_error)
        .into()
}

#[proc_macro_derive(ToValue, attributes(value, serde))]
pub fn derive_to_value(input: TokenStream) -> TokenStream {
    let input = parse_macro_input!(input as DeriveInput);
    to_value(&input)
        .unwrap_or_else(syn::Error::into_compile_error)
        .into()
}

/// `#[wire]` on a domain type that crosses the wire (server JSON, browser `Value`, TypeScript):
/// the derives every such type carries — `Debug, Clone, PartialEq, Eq, Serialize, Deserialize,
/// FromValue, ToValue`, and `ts_rs::TS` with the `ts` feature — so they are one decision, not a
/// list copied onto each. The type's own extras are its arguments (`#[wire(Copy, Hash)]`: any
/// of `Copy`, `Hash`, `Default`, `PartialOrd`, `Ord`); its `#[serde(...)]` and `#[ts(...)]`
/// attributes stay on it.
#[proc_macro_attribute]
pub fn wire(args: TokenStream, item: TokenStream) -> TokenStream {
    wire_derives(args.into(), item.into())
        .unwrap_or_else(syn::Error::into_compile_error)
        .into()
}

/// `#[wire]` for the contract crate's request and response bodies (see `contract.rs`): its
/// derives, `utoipa::ToSchema`, and `number` for 64-bit integers in TypeScript.
#[proc_macro_attribute]
pub fn contract_wire(args: TokenStream, item: TokenStream) -> TokenStream {
    contract::contract_wire(args.into(), item.into())
        .unwrap_or_else(syn::Error::into_compile_error)
        .into()
}

fn wire_derives(args: Tokens, item: Tokens) -> syn::Result<Tokens> {
    use syn::punctuated::Punctuated;
    let extras = syn::parse::Parser::parse2(
        Punctuated::<syn::Ident, syn::Token![,]>::parse_terminated,
        args,
    )?;
    let has = |name: &str| extras.iter().any(|e| e == name);
    if let Some(e) = extras.iter().find(|e| {
        !["Copy", "Hash", "Default", "PartialOrd", "Ord"].contains(&e.to_string().as_str())
    }) {
        return Err(syn::Error::new(
            e.span(),
            "#[wire] adds only Copy, Hash, Default, PartialOrd, Ord",
        ));
    }
    // One derive in a fixed order, whatever order the arguments come in.
    let copy = has("Copy").then(|| quote!(Copy,));
    let ord = has("PartialOrd").then(|| quote!(PartialOrd,));
    let total = has("Ord").then(|| quote!(Ord,));
    let hash = has("Hash").then(|| quote!(Hash,));
    let default = has("Default").then(|| quote!(Default,));
    Ok(quote! {
        #[derive(
            Debug,
            Clone,
            #copy
            PartialEq,
            Eq,
            #ord
            #total
            #hash
            #default
            ::serde::Serialize,
            ::serde::Deserialize,
            crate::value::FromValue,
            crate::value::ToValue
        )]
        #[cfg_attr(feature = "ts", derive(ts_rs::TS))]
        #item
    })
}

#[derive(Default)]
struct Container {
    rename_all: Option<String>,
    transparent: bool,
    untagged: bool,
    tag: Option<String>,
}

#[derive(Default)]
struct FieldAttrs {
    rename: Option<String>,
    aliases: Vec<String>,
    default: bool,
    deserialize_with: bool,
    from: Option<Path>,
    skip_serializing_if: Option<Path>,
    flatten: bool,
}

fn container(attrs: &[Attribute]) -> syn::Result<Container> {
    let mut c = Container::default();
    for attr in attrs.iter().filter(|a| a.path().is_ident("serde")) {
        attr.parse_nested_meta(|meta| {
            let p = &meta.path;
            if p.is_ident("rename_all") {
                c.rename_all = Some(meta.value()?.parse::<LitStr>()?.value());
            } else if p.is_ident("tag") {
                c.tag = Some(meta.value()?.parse::<LitStr>()?.value());
            } else if p.is_ident("transparent") {
                c.transparent = true;
            } else if p.is_ident("untagged") {
                c.untagged = true;
            } else if p.is_ident("deny_unknown_fields") {
            } else if p.is_ident("rename") {
                meta.value()?.parse::<LitStr>()?;
            } else {
                return Err(meta.error("FromValue/ToValue: unsupported serde container attribute"));
            }
            Ok(())
        })?;
    }
    Ok(c)
}

fn field_attrs(attrs: &[Attribute]) -> syn::Result<FieldAttrs> {
    let mut f = FieldAttrs::default();
    for attr in attrs {
        if attr.path().is_ident("serde") {
            attr.parse_nested_meta(|meta| {
                let p = &meta.path;
                if p.is_ident("rename") {
                    f.rename = Some(meta.value()?.parse::<LitStr>()?.value());
                } else if p.is_ident("alias") {
                    f.aliases.push(meta.value()?.parse::<LitStr>()?.value());
                } else if p.is_ident("default") {
                    if meta.input.peek(syn::Token![=]) {
                        return Err(meta.error("FromValue: `default = path` is not supported"));
                    }
                    f.default = true;
                } else if p.is_ident("deserialize_with") {
                    meta.value()?.parse::<LitStr>()?;
                    f.deserialize_with = true;
                } else if p.is_ident("skip_serializing_if") {
                    f.skip_serializing_if = Some(meta.value()?.parse::<LitStr>()?.parse()?);
                } else if p.is_ident("flatten") {
                    f.flatten = true;
                } else {
                    return Err(meta.error("FromValue/ToValue: unsupported serde field attribute"));
                }
                Ok(())
            })?;
        } else if attr.path().is_ident("value") {
            attr.parse_nested_meta(|meta| {
                if meta.path.is_ident("from") {
                    f.from = Some(meta.value()?.parse::<LitStr>()?.parse()?);
                    Ok(())
                } else {
                    Err(meta.error("expected `#[value(from = \"path\")]`"))
                }
            })?;
        }
    }
    Ok(f)
}

/// serde's `RenameRule` applied to a snake_case field name.
fn rename_field(name: &str, rule: Option<&str>) -> String {
    match rule {
        Some("camelCase") | Some("PascalCase") => {
            let mut out = String::new();
            let mut upper = rule == Some("PascalCase");
            for ch in name.chars() {
                if ch == '_' {
                    upper = true;
                } else if upper {
                    out.extend(ch.to_uppercase());
                    upper = false;
                } else {
                    out.push(ch);
                }
            }
            out
        }
        Some("SCREAMING_SNAKE_CASE") | Some("UPPERCASE") => name.to_ascii_uppercase(),
        Some("kebab-case") => name.replace('_', "-"),
        _ => name.to_string(),
    }
}

/// serde's `RenameRule` applied to a PascalCase variant name.
fn rename_variant(name: &str, rule: Option<&str>) -> String {
    let snake = || {
        let mut out = String::new();
        for (i, ch) in name.char_indices() {
            if ch.is_uppercase() && i > 0 {
                out.push('_');
            }
            out.push(ch.to_ascii_lowercase());
        }
        out
    };
    match rule {
        Some("lowercase") => name.to_ascii_lowercase(),
        Some("UPPERCASE") => name.to_ascii_uppercase(),
        Some("camelCase") => name[..1].to_ascii_lowercase() + &name[1..],
        Some("snake_case") => snake(),
        Some("SCREAMING_SNAKE_CASE") => snake().to_ascii_uppercase(),
        Some("kebab-case") => snake().replace('_', "-"),
        _ => name.to_string(),
    }
}

struct NamedField<'a> {
    ident: &'a syn::Ident,
    ty: &'a Type,
    name: String,
    attrs: FieldAttrs,
}

fn named_fields<'a>(fields: &'a Fields, rule: Option<&str>) -> syn::Result<Vec<NamedField<'a>>> {
    let Fields::Named(named) = fields else {
        return Err(syn::Error::new_spanned(fields, "expected named fields"));
    };
    named
        .named
        .iter()
        .map(|f| {
            let ident = f.ident.as_ref().expect("named field");
            let attrs = field_attrs(&f.attrs)?;
            let name = attrs
                .rename
                .clone()
                .unwrap_or_else(|| rename_field(&ident.unraw().to_string(), rule));
            Ok(NamedField {
                ident,
                ty: &f.ty,
                name,
                attrs,
            })
        })
        .collect()
}

/// `Self { a: …, b: … }` (or `Self::V { … }`) read from `members`; `whole` is the object
/// itself, for flattened fields.
fn read_named(path: Tokens, fields: &[NamedField<'_>], whole: &Tokens) -> syn::Result<Tokens> {
    let inits = fields
        .iter()
        .map(|f| {
            let (ident, ty) = (f.ident, f.ty);
            let mut names = vec![f.name.clone()];
            names.extend(f.attrs.aliases.iter().cloned());
            let read = if f.attrs.flatten {
                quote!(<#ty as crate::value::FromValue>::from_value(#whole)?)
            } else if let Some(from) = &f.attrs.from {
                let default = if f.attrs.default {
                    quote!(Some(|| <#ty as ::core::default::Default>::default()))
                } else {
                    quote!(None)
                };
                quote!(crate::value::field_with(__members, &[#(#names),*], #from, #default)?)
            } else if f.attrs.deserialize_with {
                return Err(syn::Error::new_spanned(
                    ident,
                    "a `deserialize_with` field needs `#[value(from = \"path\")]`",
                ));
            } else if f.attrs.default {
                quote!(crate::value::field_or_default::<#ty>(__members, &[#(#names),*])?)
            } else {
                quote!(crate::value::field::<#ty>(__members, &[#(#names),*])?)
            };
            Ok(quote!(#ident: #read))
        })
        .collect::<syn::Result<Vec<_>>>()?;
    Ok(quote!(#path { #(#inits),* }))
}

/// Pushes the fields (bound by reference under their own names) onto `members`.
fn write_named(fields: &[NamedField<'_>]) -> Tokens {
    let pushes = fields.iter().map(|f| {
        let (ident, name) = (f.ident, &f.name);
        if f.attrs.flatten {
            quote! {
                if let crate::value::Value::Obj(inner) = crate::value::ToValue::to_value(#ident) {
                    __out.extend(inner);
                }
            }
        } else if let Some(skip) = &f.attrs.skip_serializing_if {
            quote! {
                if !#skip(#ident) {
                    crate::value::put(&mut __out, #name, crate::value::ToValue::to_value(#ident));
                }
            }
        } else {
            quote!(crate::value::put(&mut __out, #name, crate::value::ToValue::to_value(#ident));)
        }
    });
    quote!(#(#pushes)*)
}

fn bounded_generics(input: &DeriveInput, bound: Tokens) -> syn::Generics {
    let mut generics = input.generics.clone();
    for p in &mut generics.params {
        if let GenericParam::Type(t) = p {
            t.bounds
                .push(syn::parse2(bound.clone()).expect("a trait bound"));
        }
    }
    generics
}

fn from_value(input: &DeriveInput) -> syn::Result<Tokens> {
    let c = container(&input.attrs)?;
    let rule = c.rename_all.as_deref();
    let whole = quote!(value);
    let body = match &input.data {
        Data::Struct(s) => match &s.fields {
            Fields::Unnamed(u) if u.unnamed.len() == 1 => {
                quote!(Ok(Self(crate::value::FromValue::from_value(value)?)))
            }
            Fields::Named(n) if c.transparent && n.named.len() == 1 => {
                let ident = n.named[0].ident.as_ref().expect("named field");
                quote!(Ok(Self { #ident: crate::value::FromValue::from_value(value)? }))
            }
            fields @ Fields::Named(_) => {
                let fields = named_fields(fields, rule)?;
                let read = read_named(quote!(Self), &fields, &whole)?;
                quote! {
                    let __members = value.object()?;
                    Ok(#read)
                }
            }
            other => {
                return Err(syn::Error::new_spanned(
                    other,
                    "FromValue: unsupported struct shape",
                ))
            }
        },
        Data::Enum(e) => {
            let name_str = input.ident.to_string();
            if c.untagged {
                let tries = e
                    .variants
                    .iter()
                    .map(|v| {
                        let vi = &v.ident;
                        Ok(match &v.fields {
                            Fields::Unit => quote! {
                                if *value == crate::value::Value::Null { return Ok(Self::#vi); }
                            },
                            Fields::Unnamed(u) if u.unnamed.len() == 1 => {
                                let ty = &u.unnamed[0].ty;
                                quote! {
                                    if let Ok(x) = <#ty as crate::value::FromValue>::from_value(value) {
                                        return Ok(Self::#vi(x));
                                    }
                                }
                            }
                            fields @ Fields::Named(_) => {
                                let fields = named_fields(fields, None)?;
                                let read = read_named(quote!(Self::#vi), &fields, &whole)?;
                                quote! {
                                    if let Ok(r) = (|| -> Result<Self, crate::value::ValueError> {
                                        let __members = value.object()?;
                                        Ok(#read)
                                    })() { return Ok(r); }
                                }
                            }
                            other => {
                                return Err(syn::Error::new_spanned(
                                    other,
                                    "FromValue: unsupported variant shape",
                                ))
                            }
                        })
                    })
                    .collect::<syn::Result<Vec<_>>>()?;
                let msg = format!("data did not match any variant of untagged enum {name_str}");
                quote! {
                    #(#tries)*
                    Err(crate::value::ValueError(#msg.to_string()))
                }
            } else {
                let arms = e
                    .variants
                    .iter()
                    .map(|v| {
                        let vi = &v.ident;
                        let attrs = field_attrs(&v.attrs)?;
                        let mut names = vec![attrs
                            .rename
                            .clone()
                            .unwrap_or_else(|| rename_variant(&vi.to_string(), rule))];
                        names.extend(attrs.aliases.iter().cloned());
                        let build = match (&v.fields, &c.tag) {
                            (Fields::Unit, _) => quote!(Ok(Self::#vi)),
                            (Fields::Unnamed(u), None) if u.unnamed.len() == 1 => quote! {
                                Ok(Self::#vi(crate::value::FromValue::from_value(
                                    payload.unwrap_or(&crate::value::Value::Null),
                                )?))
                            },
                            (fields @ Fields::Named(_), tag) => {
                                let fields = named_fields(fields, None)?;
                                let source = if tag.is_some() {
                                    quote!(value)
                                } else {
                                    quote!(payload.unwrap_or(&crate::value::Value::Null))
                                };
                                let read = read_named(quote!(Self::#vi), &fields, &source)?;
                                quote! {{
                                    let source = #source;
                                    let __members = source.object()?;
                                    Ok(#read)
                                }}
                            }
                            (other, _) => {
                                return Err(syn::Error::new_spanned(
                                    other,
                                    "FromValue: unsupported variant shape",
                                ))
                            }
                        };
                        Ok(quote!(#(#names)|* => #build,))
                    })
                    .collect::<syn::Result<Vec<_>>>()?;
                let find = match &c.tag {
                    Some(tag) => quote! {
                        let __members = value.object()?;
                        let _ = __members;
                        let name = match crate::value::member(__members, &[#tag]) {
                            Some(crate::value::Value::Str(s)) => &**s,
                            _ => return Err(crate::value::ValueError::missing(#tag)),
                        };
                    },
                    None => quote! {
                        let (name, payload) = crate::value::variant(value)?;
                        let _ = payload;
                    },
                };
                quote! {
                    #find
                    match name {
                        #(#arms)*
                        other => Err(crate::value::unknown_variant(other)),
                    }
                }
            }
        }
        Data::Union(u) => {
            return Err(syn::Error::new_spanned(
                u.union_token,
                "FromValue: unions are not supported",
            ))
        }
    };
    let ident = &input.ident;
    let generics = bounded_generics(input, quote!(crate::value::FromValue));
    let (impl_g, ty_g, where_g) = generics.split_for_impl();
    Ok(quote! {
        impl #impl_g crate::value::FromValue for #ident #ty_g #where_g {
            fn from_value(value: &crate::value::Value) -> Result<Self, crate::value::ValueError> {
                #body
            }
        }
    })
}

fn to_value(input: &DeriveInput) -> syn::Result<Tokens> {
    let c = container(&input.attrs)?;
    let rule = c.rename_all.as_deref();
    let body = match &input.data {
        Data::Struct(s) => match &s.fields {
            Fields::Unnamed(u) if u.unnamed.len() == 1 => {
                quote!(crate::value::ToValue::to_value(&self.0))
            }
            Fields::Named(n) if c.transparent && n.named.len() == 1 => {
                let ident = n.named[0].ident.as_ref().expect("named field");
                quote!(crate::value::ToValue::to_value(&self.#ident))
            }
            fields @ Fields::Named(_) => {
                let fields = named_fields(fields, rule)?;
                let idents = fields.iter().map(|f| f.ident);
                let pushes = write_named(&fields);
                let n = fields.len();
                quote! {
                    let Self { #(#idents),* } = self;
                    let mut __out: Vec<(crate::value::Key, crate::value::Value)> = Vec::with_capacity(#n);
                    #pushes
                    crate::value::Value::Obj(__out)
                }
            }
            other => {
                return Err(syn::Error::new_spanned(
                    other,
                    "ToValue: unsupported struct shape",
                ))
            }
        },
        Data::Enum(e)
            if c.tag.is_none()
                && !c.untagged
                && e.variants.iter().all(|v| matches!(v.fields, Fields::Unit)) =>
        {
            // Names only: one table lookup rather than an arm per variant.
            let arms = e
                .variants
                .iter()
                .map(|v| {
                    let vi = &v.ident;
                    let name = field_attrs(&v.attrs)?
                        .rename
                        .unwrap_or_else(|| rename_variant(&vi.to_string(), rule));
                    Ok(quote!(Self::#vi => #name,))
                })
                .collect::<syn::Result<Vec<_>>>()?;
            quote!(crate::value::text(match self { #(#arms)* }))
        }
        Data::Enum(e) => {
            let arms = e
                .variants
                .iter()
                .map(|v| {
                    let vi = &v.ident;
                    let attrs = field_attrs(&v.attrs)?;
                    let name = attrs
                        .rename
                        .clone()
                        .unwrap_or_else(|| rename_variant(&vi.to_string(), rule));
                    let tagged = |inner: Tokens| match (&c.tag, c.untagged) {
                        (_, true) => inner,
                        (Some(tag), _) => quote! {{
                            let mut __tagged: Vec<(crate::value::Key, crate::value::Value)> = vec![(::std::borrow::Cow::Borrowed(#tag), crate::value::text(#name))];
                            if let crate::value::Value::Obj(inner) = #inner { __tagged.extend(inner); }
                            crate::value::Value::Obj(__tagged)
                        }},
                        (None, false) => quote! {
                            crate::value::Value::Obj(vec![(::std::borrow::Cow::Borrowed(#name), #inner)])
                        },
                    };
                    Ok(match &v.fields {
                        Fields::Unit => {
                            let out = match (&c.tag, c.untagged) {
                                (_, true) => quote!(crate::value::Value::Null),
                                (Some(_), _) => tagged(quote!(crate::value::Value::Obj(Vec::new()))),
                                (None, false) => quote!(crate::value::text(#name)),
                            };
                            quote!(Self::#vi => #out,)
                        }
                        Fields::Unnamed(u) if u.unnamed.len() == 1 => {
                            let out = tagged(quote!(crate::value::ToValue::to_value(x)));
                            quote!(Self::#vi(x) => #out,)
                        }
                        fields @ Fields::Named(_) => {
                            let fields = named_fields(fields, None)?;
                            let idents = fields.iter().map(|f| f.ident);
                            let pushes = write_named(&fields);
                            let out = tagged(quote! {{
                                let mut __out: Vec<(crate::value::Key, crate::value::Value)> = Vec::new();
                                #pushes
                                crate::value::Value::Obj(__out)
                            }});
                            quote!(Self::#vi { #(#idents),* } => #out,)
                        }
                        other => {
                            return Err(syn::Error::new_spanned(
                                other,
                                "ToValue: unsupported variant shape",
                            ))
                        }
                    })
                })
                .collect::<syn::Result<Vec<_>>>()?;
            quote!(match self { #(#arms)* })
        }
        Data::Union(u) => {
            return Err(syn::Error::new_spanned(
                u.union_token,
                "ToValue: unions are not supported",
            ))
        }
    };
    let ident = &input.ident;
    let generics = bounded_generics(input, quote!(crate::value::ToValue));
    let (impl_g, ty_g, where_g) = generics.split_for_impl();
    Ok(quote! {
        impl #impl_g crate::value::ToValue for #ident #ty_g #where_g {
            fn to_value(&self) -> crate::value::Value {
                #body
            }
        }
    })
}
