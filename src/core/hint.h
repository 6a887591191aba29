/* core/hint.h - what the compiler cannot see without a profile.
 *
 * The default build is one plain pass (make); only `make release` has a
 * profile, from which GCC learns which branch of a hot loop is the usual
 * one, what to inline and what to move out of the way.  The few places
 * where that decides the speed of the plain build say it themselves, with
 * these: a branch that is almost always (or almost never) taken, a small
 * helper that must be inline at every call for a constant argument to
 * fold, and a rare path kept out of line so that its callers stay small.
 * Compilers without GNU C's attributes build the same code without them. */
#ifndef CX_HINT_H
#define CX_HINT_H

#if defined(__GNUC__)
#define CX_LIKELY(x) __builtin_expect(!!(x), 1)
#define CX_UNLIKELY(x) __builtin_expect(!!(x), 0)
#define CX_INLINE static inline __attribute__((always_inline))
#define CX_COLD __attribute__((cold, noinline))
#define CX_NOINLINE __attribute__((noinline))
#else
#define CX_LIKELY(x) (x)
#define CX_UNLIKELY(x) (x)
#define CX_INLINE static inline
#define CX_COLD
#define CX_NOINLINE
#endif

#endif
