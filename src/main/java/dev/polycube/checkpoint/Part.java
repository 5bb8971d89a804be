package dev.polycube.checkpoint;

import dev.polycube.error.OptionException;

/**
 * Which work units a run executes: all of them, a shard (every N-th unit, {@code --shard K/N}) or explicit
 * unit ranges ({@code --units 1200-1299}, for schedulers that balance pieces of similar expected work, see
 * {@code polycube plan}). Parts of one plan merge into the single-run catalog whatever the cut, as long as
 * together they cover every unit exactly once.
 */
public sealed interface Part permits Shard, UnitRanges {

    Part ALL = Shard.ALL;

    boolean contains(int unit);

    boolean isAll();

    /** The text that {@link #parse} reads back: "all", "shard K/N" or "units A-B,C-D". */
    String spec();

    /** What a default file name gets for this part ("" for all): ".shard-2-of-8", ".units-0-99". */
    String fileSuffix();

    static Part parse(String spec) {
        String s = spec.strip();
        if (s.equals("all")) {
            return ALL;
        }
        if (s.startsWith("shard ")) {
            return Shard.parse(s.substring(6));
        }
        if (s.startsWith("units ")) {
            return UnitRanges.parse(s.substring(6));
        }
        throw new OptionException("a part of a run is 'all', 'shard K/N' or 'units A-B,...'; got '" + spec + "'");
    }
}
