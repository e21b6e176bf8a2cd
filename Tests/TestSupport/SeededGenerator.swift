/// The pseudo-random source of the tests that compare a fast path with its plain form on
/// generated inputs: a 64-bit linear congruential generator with fixed constants (Knuth's MMIX
/// multiplier and increment), so that every run on every machine generates the same inputs and a
/// failing one is generated again by running the test again.
public struct SeededGenerator {
    /// The whole 64-bit state after the last step (its low bits are the weakest).
    public private(set) var state: UInt64

    public init(seed: UInt64) { state = seed }

    /// One step; the state's top 31 bits, the generator's best.
    public mutating func nextBits() -> Int {
        state = state &* 6364136223846793005 &+ 1442695040888963407
        return Int(state >> 33)
    }

    /// One step; a number in `0..<bound` (`bound` well below 2³¹, so that the modulo is near even).
    public mutating func next(_ bound: Int) -> Int { nextBits() % bound }
}
