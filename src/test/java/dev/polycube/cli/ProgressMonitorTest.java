package dev.polycube.cli;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import org.junit.jupiter.api.Test;

/** The progress line's estimate of the time left. */
class ProgressMonitorTest {

    @Test
    void theSampleMeanEstimatesTheRunsNodesAndTheNodeRateTheTime() {
        // 1,000 units to run; 20 sample units done at 1 M nodes each: 1,000 M nodes in all; 100 M done in 10 s
        double left = ProgressMonitor.etaSeconds(10, 90, 1_000, 100_000_000L, 20, 20_000_000L, 32, Double.NaN);
        assertEquals(90.0, left, 1e-9);
    }

    @Test
    void withoutEnoughOfTheSampleTheUnitsLeftAreCounted() {
        // 5 of 32 sample units done: by units, 100 done in 10 s, 900 left
        assertEquals(90.0, ProgressMonitor.etaSeconds(10, 100, 1_000, 100_000_000L, 5, 5_000_000L, 32, Double.NaN), 1e-9);
        // a sample smaller than the trusted number counts once all of it is done: 8 units of 1 M nodes
        assertEquals(90.0, ProgressMonitor.etaSeconds(10, 8, 1_000, 100_000_000L, 8, 8_000_000L, 8, Double.NaN), 1e-9);
        assertEquals(10.0 * 993 / 7, ProgressMonitor.etaSeconds(10, 7, 1_000, 100_000_000L, 7, 7_000_000L, 8, Double.NaN), 1e-9);
        // no sample: by units
        assertEquals(40.0, ProgressMonitor.etaSeconds(10, 20, 100, 5L, 0, 0, 0, Double.NaN), 1e-9);
        assertTrue(Double.isNaN(ProgressMonitor.etaSeconds(1, 0, 100, 5L, 0, 0, 0, Double.NaN)), "nothing known yet");
    }

    @Test
    void aLimitedRunEndsWhenItHasItsClassesIfThatComesFirst() {
        // 1,000 of 5,000 wanted classes in 10 s: 40 s more, though the units would take an hour
        assertEquals(40.0, ProgressMonitor.withLimit(3600, 10, 1_000, 5_000), 1e-9);
        // the units end first
        assertEquals(5.0, ProgressMonitor.withLimit(5, 10, 1_000, 5_000), 1e-9);
        // nothing known by the units yet; no limit; no class yet
        assertEquals(40.0, ProgressMonitor.withLimit(Double.NaN, 10, 1_000, 5_000), 1e-9);
        assertEquals(3600.0, ProgressMonitor.withLimit(3600, 10, 1_000, Long.MAX_VALUE), 1e-9);
        assertTrue(Double.isNaN(ProgressMonitor.withLimit(Double.NaN, 10, 0, 5_000)));
    }

    @Test
    void aRunPastItsEstimateFallsBackToUnits() {
        // the sample said 10 M nodes in all, 50 M are done: by units, 500 of 1,000 done in 20 s
        assertEquals(20.0, ProgressMonitor.etaSeconds(20, 500, 1_000, 50_000_000L, 32, 320_000L, 32, Double.NaN), 1e-9);
    }

    @Test
    void beforeAnyUnitEndsTheRunsDivesTellTheTimeLeft() {
        // no unit ended after 60 s at 1 M nodes a second; the dives say 3.6e9 nodes in all: an hour less the minute
        assertEquals(3540.0, ProgressMonitor.etaSeconds(60, 0, 1_000, 60_000_000L, 0, 0, 32, 3.6e9), 1e-6);
        // a unit that ended tells more than the dives; so does a trusted sample
        assertEquals(60.0 * 999, ProgressMonitor.etaSeconds(60, 1, 1_000, 60_000_000L, 0, 0, 32, 3.6e9), 1e-6);
        assertEquals(90.0, ProgressMonitor.etaSeconds(10, 90, 1_000, 100_000_000L, 20, 20_000_000L, 32, 3.6e9), 1e-9);
        // past the dives' figure, or nothing run yet: unknown
        assertTrue(Double.isNaN(ProgressMonitor.etaSeconds(60, 0, 1_000, 4_000_000_000L, 0, 0, 32, 3.6e9)));
        assertTrue(Double.isNaN(ProgressMonitor.etaSeconds(0, 0, 1_000, 0, 0, 0, 32, 3.6e9)));
    }

    @Test
    void timesBeyondDaysAreSaidInDaysAndYears() {
        assertEquals("59.0s", Format.seconds(59));
        assertEquals("59m00s", Format.seconds(3540));
        assertEquals("99h00m", Format.seconds(99 * 3600));
        assertEquals("5 days", Format.seconds(5 * 86400));
        assertEquals("700 days", Format.seconds(700 * 86400));
        assertEquals("3 years", Format.seconds(3 * 365.25 * 86400));
        assertEquals("1.3e+15 years", Format.seconds(4.1e22));
    }
}
