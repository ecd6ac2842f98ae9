//! Derives compile in a scope that shadows the prelude's names, with every
//! warning denied: generated code names nothing but `_boring::__private`.
//! (Its own locals are `__`-prefixed; like any derive's, they can be
//! shadowed only by unit structs of those exact names.)

#![deny(warnings)]
#![allow(dead_code, non_camel_case_types)]

mod hostile {
    struct Result;
    struct Ok;
    struct Err;
    struct Vec;
    struct Option;
    struct Some;
    struct None;
    struct String;
    struct Box;
    struct Default;
    struct Iterator;
    struct Clone;
    struct Sized;
    trait Encode {}
    trait Decode {}
    mod boring {}
    mod _boring {}

    #[derive(::boring::Boring)]
    pub struct Named<'a, T> {
        pub id: u32,
        pub text: &'a str,
        pub items: ::std::vec::Vec<T>,
        #[boring(skip_if_none)]
        pub maybe: ::core::option::Option<u8>,
        #[boring(skip)]
        pub cache: u8,
        #[boring(bytes)]
        pub raw: ::std::vec::Vec<u8>,
    }

    #[derive(::boring::Boring)]
    #[boring(keys = "keyword", deny_unknown_fields)]
    pub struct Keyed {
        pub a: u8,
    }

    #[derive(::boring::Boring)]
    #[boring(record = "ns/Rec")]
    pub struct Rec {
        pub a: u8,
    }

    #[derive(::boring::Boring)]
    pub struct Tuple(pub u8, pub ::std::string::String);

    #[derive(::boring::Boring)]
    pub struct Newtype(pub Keyed);

    #[derive(::boring::Boring)]
    pub struct Unit;

    #[derive(::boring::Boring)]
    pub enum Enum<T> {
        A,
        B(T),
        C(u8, #[boring(skip)] u8, T),
        D {
            x: T,
            #[boring(default)]
            y: u8,
        },
    }

    #[derive(::boring::Boring)]
    pub enum Never {}

    #[derive(::boring::Boring)]
    pub struct Empty {}
}

#[test]
fn derives_in_a_hostile_scope_round_trip() {
    let v = hostile::Enum::D { x: 1u8, y: 2 };
    let bytes = boring::to_vec(&v).unwrap();
    let back: hostile::Enum<u8> = boring::from_slice(&bytes).unwrap();
    assert_eq!(boring::to_vec(&back).unwrap(), bytes);
}
