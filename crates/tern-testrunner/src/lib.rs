//! Transactional test runner.
