use super::*;
use crate::test_util::hex;

// Vectors from `aptos-stdlib`'s `ristretto255.move` tests and RFC 9496 §A.1.
const BASE_POINT: &str = "e2f2ae0a6abc4e71a884a961c500515f58e30b6aa582dd8db6a65945e08d2d76";
const TWO_BASE_POINT: &str = "6a493210f7499cd17fecb510ae0cea23a110e8d5b901f8acadd3095c73a3b919";
const A_SCALAR: &str = "1a0e978a90f6622d3747023f8ad8264da758aa1b88e040d1589e7b7f2376ef09";
const B_SCALAR: &str = "dbfd97afd38a06f0138d0527efb28ead5b7109b486465913bf3aa472a8ed4e0d";
const A_TIMES_B_SCALAR: &str = "2ab50e383d7c210f74d5387330735f18315112d10dfb98fcce1e2620c0c01402";
const A_PLUS_B_SCALAR: &str = "083839dd491e57c5743710c39a91d6e502cab3cf0e279ae417d91ff2cb633e07";
const A_TIMES_BASE_POINT: &str = "96d52d9262ee1e1aae79fbaee8c1d9068b0d01bf9a4579e618090c3d1088ae10";
const A_POINT: &str = "e87feda199d72b83de4f5b2d45d34805c57019c6c59c42cb70ee3d19aa996f75";
const B_POINT: &str = "fa0b3624b081c62f364d0b2839dcc76d7c3ab0e27e31beb2b9ed766575f28e76";
const A_PLUS_B_POINT: &str = "70cf3753475b9ff33e2f84413ed6b5052073bccc0a0a81789d3e5675dc258056";
const X_SCALAR: &str = "4e5ab4345d4708845913b4641bc27d5252a585101bcc4244d449f4a879d9f204";
const X_INV_SCALAR: &str = "1cdc17fce0e9a5bbd9247e56bb016347bbba31edd5a9bb96d50bcd7a3f962a0f";
const REDUCED_2_256_MINUS_1: &str =
    "1c95988d7431ecd670cf7d73f45befc6feffffffffffffffffffffffffffff0f";

fn point(store: &mut PointStore, h: &str) -> u64 {
    store.decompress(&hex(h)).unwrap().unwrap()
}

#[test]
fn aptos_point_vectors() {
    let mut s = PointStore::new();
    let g = s.basepoint_mul(&scalar_from_u128(1)).unwrap();
    assert_eq!(s.compress(g).unwrap().to_vec(), hex(BASE_POINT));
    let two_g = s.add(g, g, false).unwrap();
    assert_eq!(s.compress(two_g).unwrap().to_vec(), hex(TWO_BASE_POINT));
    let ag = s.mul(g, &hex(A_SCALAR), false).unwrap();
    assert_eq!(s.compress(ag).unwrap().to_vec(), hex(A_TIMES_BASE_POINT));
    let (a, b) = (point(&mut s, A_POINT), point(&mut s, B_POINT));
    let sum = s.add(a, b, false).unwrap();
    assert_eq!(s.compress(sum).unwrap().to_vec(), hex(A_PLUS_B_POINT));
    let back = s.sub(sum, b, false).unwrap();
    assert!(s.equals(back, a).unwrap());
    // In place: the handle stays, the point changes.
    assert_eq!(s.add(a, b, true).unwrap(), a);
    assert!(s.equals(a, sum).unwrap());
    let neg = s.neg(b, false).unwrap();
    let zero = s.add(b, neg, false).unwrap();
    let identity = s.identity().unwrap();
    assert!(s.equals(zero, identity).unwrap());
    // basepoint_double_mul and the multi-scalar forms.
    let a_point = point(&mut s, A_POINT);
    let expected = point(
        &mut s,
        "be5d615d8b8f996723cdc6e1895b8b6d312cc75d1ffb0259873b99396a38c05a",
    );
    let got = s
        .basepoint_double_mul(&hex(A_SCALAR), a_point, &hex(B_SCALAR))
        .unwrap();
    assert!(s.equals(got, expected).unwrap());
    let got = s
        .double_scalar_mul(a_point, g, &hex(A_SCALAR), &hex(B_SCALAR))
        .unwrap();
    assert!(s.equals(got, expected).unwrap());
}

#[test]
fn aptos_hash_to_point_vectors() {
    let mut s = PointStore::new();
    let p = s
        .from_sha512(b"To really appreciate architecture, you may even need to commit a murder")
        .unwrap();
    let expected = point(
        &mut s,
        "baaa91eb43e5e2f12ffc96347e14bc458fdb1772b2232b08977ee61ea9f84e31",
    );
    assert!(s.equals(p, expected).unwrap());
    let bytes = hex("baaa91eb43e5e2f12ffc96347e14bc458fdb1772b2232b08977ee61ea9f84e31e87feda199d72b83de4f5b2d45d34805c57019c6c59c42cb70ee3d19aa996f75");
    let p = s.from_64_uniform_bytes(&bytes).unwrap();
    let expected = point(
        &mut s,
        "4a8e429f906478654232d7ae180ad60854754944ac67f38e20d8fa79e4b7d71e",
    );
    assert!(s.equals(p, expected).unwrap());
    // multi_scalar_mul over hashed points and scalars.
    let msgs: [&[u8]; 5] = [b"1", b"2", b"3", b"4", b"5"];
    let points: Vec<u64> = msgs.iter().map(|m| s.from_sha512(m).unwrap()).collect();
    let scalars: Vec<[u8; 32]> = msgs.iter().map(|m| scalar_from_sha512(m)).collect();
    let refs: Vec<&[u8]> = scalars.iter().map(|x| x.as_slice()).collect();
    let got = s.multi_scalar_mul(&points, &refs).unwrap();
    let expected = point(
        &mut s,
        "c4a98fbe6bd0f315a0c150858aec8508be397443093e955ef982e299c1318928",
    );
    assert!(s.equals(got, expected).unwrap());
}

#[test]
fn aptos_scalar_vectors() {
    let (a, b) = (hex(A_SCALAR), hex(B_SCALAR));
    assert_eq!(scalar_mul(&a, &b).unwrap().to_vec(), hex(A_TIMES_B_SCALAR));
    assert_eq!(scalar_add(&a, &b).unwrap().to_vec(), hex(A_PLUS_B_SCALAR));
    assert_eq!(scalar_sub(&hex(A_PLUS_B_SCALAR), &b).unwrap().to_vec(), a);
    assert_eq!(
        scalar_invert(&hex(X_SCALAR)).unwrap().to_vec(),
        hex(X_INV_SCALAR)
    );
    assert_eq!(
        scalar_reduced_from_32_bytes(&[0xff; 32]).unwrap().to_vec(),
        hex(REDUCED_2_256_MINUS_1)
    );
    let zero = [0u8; 32];
    assert_eq!(scalar_neg(&zero).unwrap(), zero);
    assert!(scalar_is_canonical(&zero));
    assert!(!scalar_is_canonical(&[0x10; 32]));
    assert!(!scalar_is_canonical(&[0]));
    assert_eq!(scalar_from_u128(2)[0], 2);
    assert_eq!(scalar_mul(&[0xff; 32], &b), Err(StoreError::BadInput));
    assert_eq!(
        scalar_uniform_from_64_bytes(&[0; 63]),
        Err(StoreError::BadInput)
    );
}

#[test]
fn decompression_refuses_non_canonical_encodings() {
    let mut s = PointStore::new();
    assert!(point_is_canonical(&hex(A_POINT)));
    assert!(!point_is_canonical(&[0xff; 32]));
    assert!(!point_is_canonical(&hex(A_POINT)[..31]));
    assert_eq!(s.decompress(&[0xff; 32]), Ok(None));
    assert!(s.is_empty());
}

#[test]
fn the_store_is_bounded_and_checks_handles() {
    let mut s = PointStore::new();
    for _ in 0..MAX_POINTS {
        s.identity().unwrap();
    }
    assert_eq!(s.identity(), Err(StoreError::TooManyPoints));
    assert_eq!(s.len(), MAX_POINTS);
    // In-place updates still work on a full store.
    assert_eq!(s.neg(3, true), Ok(3));
    let mut s = PointStore::new();
    assert_eq!(s.compress(0), Err(StoreError::UnknownHandle));
    assert_eq!(s.clone_point(u64::MAX), Err(StoreError::UnknownHandle));
    let g = s.identity().unwrap();
    assert_eq!(s.mul(g, &[0xff; 32], false), Err(StoreError::BadInput));
    assert_eq!(s.multi_scalar_mul(&[g], &[]), Err(StoreError::BadInput));
}
