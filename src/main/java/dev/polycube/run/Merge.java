package dev.polycube.run;

import dev.polycube.catalog.Catalog;
import dev.polycube.catalog.CatalogException;
import dev.polycube.catalog.LineCheck;
import dev.polycube.catalog.LineStore;
import dev.polycube.catalog.NativeCatalog;
import dev.polycube.files.Digests;
import dev.polycube.checkpoint.Part;
import dev.polycube.checkpoint.Shard;
import dev.polycube.checkpoint.UnitRanges;
import dev.polycube.error.OptionException;
import dev.polycube.puzzle.Puzzle;
import dev.polycube.puzzle.SymmetryMode;
import dev.polycube.puzzle.Verdict;
import dev.polycube.symmetry.SymmetryGroup;
import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Path;
import java.security.MessageDigest;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.HashSet;
import java.util.Iterator;
import java.util.List;
import java.util.Objects;
import java.util.Set;
import java.util.function.ObjLongConsumer;

/**
 * Merges the catalogs of the parts of one run (shards, or unit ranges that together cover every work unit
 * exactly once) into exactly the catalog a single run writes. The rules: every part from the same puzzle,
 * symmetry and work plan, none limited, no unit in two parts, none missing; every line valid and the lines
 * of each part ascending. Streams the parts twice (count, then write), so none has to fit in memory.
 *
 * <p>The parts of a counting run ({@code solve --count-only --shard K/N}) are counts, not catalogs: each class
 * belongs to one unit, so their numbers add up to the whole run's, written as a count under the same rules of
 * coverage (a set of parts is all counts or all catalogs).
 */
public final class Merge {

    /**
     * What a merge wrote.
     *
     * @param verdict the merged count against the published one, or null when none is published
     */
    public record Result(int parts, Puzzle puzzle, SymmetryMode symmetry, long solutions, Path catalog, Verdict verdict) {
    }

    private Merge() {
    }

    /**
     * Merges {@code parts} into {@code out}; {@code progress} hears the stage ("checking", "writing N") and the
     * lines read so far, often.
     */
    public static Result merge(Path out, List<Path> parts, ObjLongConsumer<String> progress) throws IOException {
        Catalog first = null;
        Path firstFile = null;
        int[] owner = null;
        List<Part> cut = new ArrayList<>();
        for (int me = 0; me < parts.size(); me++) {
            Path f = parts.get(me);
            Catalog c;
            try (NativeCatalog.Reader r = NativeCatalog.reader(f)) {
                c = r.header();
            }
            Part part = partOf(f, c);
            int planUnits = c.part().planUnits();
            if (first == null) {
                first = c;
                firstFile = f;
                owner = new int[planUnits];
                Arrays.fill(owner, -1);
            } else {
                if (!c.definition().equals(first.definition()) || c.symmetry() != first.symmetry()) {
                    throw new CatalogException(f + " is a part of another puzzle or symmetry than " + firstFile
                            + " (" + c.puzzle() + "/" + c.symmetry() + " vs " + first.puzzle() + "/" + first.symmetry() + ")");
                }
                if (!Objects.equals(c.part().plan(), first.part().plan()) || planUnits != owner.length) {
                    throw new CatalogException(f + " comes from a different work plan than " + firstFile
                            + " (another polycube version or limit?): plan " + c.part().plan() + " vs " + first.part().plan());
                }
                if (c.countOnly() != first.countOnly()) {
                    throw new CatalogException(f + " is " + (c.countOnly() ? "a count" : "a catalog") + " but " + firstFile
                            + " is " + (first.countOnly() ? "a count" : "a catalog") + "; merge the parts of one run, all "
                            + "counts (solve --count-only) or all catalogs");
                }
            }
            if (part instanceof UnitRanges r && r.last() >= planUnits) {
                throw new CatalogException(f + " claims units " + r.ranges() + ", past its plan's " + planUnits
                        + " units ('# plan-units:'); the part is damaged: run it again");
            }
            cut.add(part);
            for (int u = 0; u < planUnits; u++) {
                if (part.contains(u)) {
                    if (owner[u] >= 0) {
                        throw new CatalogException("unit " + u + " is in two parts: " + parts.get(owner[u]) + " and " + f
                                + " (overlapping --units or a shard given twice); merge each unit exactly once");
                    }
                    owner[u] = me;
                }
            }
        }
        String missing = missingRanges(owner);
        if (!missing.isEmpty()) {
            throw new CatalogException("incomplete set of parts: no catalog covers units " + missing + " of " + String.format(java.util.Locale.ROOT, "%,d", owner.length)
                    + (first.part().part().startsWith("shard ") ? " (" + missingShards(cut) + ")" : "")
                    + "; run them with `polycube solve ... --units RANGES` (or the missing --shard) and merge again");
        }
        Puzzle puzzle = NativeCatalog.definedPuzzle(first, firstFile.toString());
        if (puzzle == null) {
            throw new CatalogException(firstFile + ": no '# definition:' header, so its solutions cannot be checked");
        }
        SymmetryMode symmetry = first.symmetry();
        if (first.countOnly()) {
            long total = 0;
            for (Path f : parts) {
                try (NativeCatalog.Reader r = NativeCatalog.reader(f)) {
                    r.next(); // a count holds no lines: this refuses one that does
                    if (r.declared() < 0) {
                        throw new CatalogException(f + ": a count without its '# solutions:' line; run that part again");
                    }
                    total = Math.addExact(total, r.declared());
                }
            }
            NativeCatalog.write(out, NativeCatalog.of(puzzle, symmetry, List.of()).asCount(), puzzle, total, List.of());
            return new Result(parts.size(), puzzle, symmetry, total, out, puzzle.verdict(symmetry, total));
        }
        LineCheck check = new LineCheck(puzzle, SymmetryGroup.of(puzzle, symmetry));
        // the first pass checks every line and digests them all; the second writes the same lines, which the
        // digest proves (a part changed in between fails the merge before the catalog appears), without
        // checking each line again
        MessageDigest checked = Digests.sha256();
        long total = LineStore.count(() -> digesting(checkedMerge(parts, check, progress, "checking"), checked, null, parts));
        byte[] digest = checked.digest();
        NativeCatalog.write(out, NativeCatalog.of(puzzle, symmetry, List.of()), puzzle, total,
                () -> digesting(checkedMerge(parts, null, progress, "writing " + String.format("%,d", total)),
                        Digests.sha256(), digest, parts));
        return new Result(parts.size(), puzzle, symmetry, total, out, puzzle.verdict(symmetry, total));
    }

    /** The part a catalog holds, or an error saying why it cannot be merged. */
    private static Part partOf(Path f, Catalog c) {
        if (c.part() == null) {
            throw new CatalogException(f + " is not the catalog of a part of a run (no '# shard:' or '# units:' header); "
                    + "it was written by a whole run");
        }
        if (c.limited()) {
            throw new CatalogException(f + " is a limited part (it stopped after its first " + c.limit()
                    + " solutions), so it does not hold its whole part; run it again without --limit");
        }
        Part part;
        try {
            part = Part.parse(c.part().part());
        } catch (OptionException e) {
            throw new CatalogException(f + ": damaged '# shard:' or '# units:' header: " + e.getMessage());
        }
        if (c.part().planUnits() < 0) {
            throw new CatalogException(f + " has no '# plan-units:' header (written by an older polycube?); "
                    + "run that part again");
        }
        return part;
    }

    /** The units no part covers, as ranges "3-5,9" (empty when all are covered). */
    private static String missingRanges(int[] owner) {
        StringBuilder sb = new StringBuilder();
        int n = 0;
        for (int u = 0; u < owner.length; u++) {
            if (owner[u] >= 0) {
                continue;
            }
            int end = u;
            while (end + 1 < owner.length && owner[end + 1] < 0) {
                end++;
            }
            if (n++ < 20) {
                sb.append(sb.isEmpty() ? "" : ",").append(u).append(end > u ? "-" + end : "");
            }
            u = end;
        }
        return n > 20 ? sb + ",... (" + String.format(java.util.Locale.ROOT, "%,d", n) + " ranges in all)" : sb.toString();
    }

    /** For shard catalogs: which shards K/N are missing (every shard of the first one's count not given). */
    private static String missingShards(List<Part> parts) {
        Set<Shard> given = new HashSet<>();
        int count = -1;
        for (Part p : parts) {
            if (p instanceof Shard s) {
                given.add(s);
                count = count < 0 ? s.count() : count;
            }
        }
        List<String> missing = new ArrayList<>();
        for (int k = 1; k <= count; k++) {
            if (!given.contains(new Shard(k, count))) {
                missing.add(k + "/" + count);
            }
        }
        return "missing " + String.join(", ", missing);
    }

    /**
     * {@code lines}, each also fed to {@code digest}; when {@code expected} is given, the last {@code hasNext}
     * throws unless the digest of all of them equals it.
     */
    private static Iterator<String> digesting(Iterator<String> lines, MessageDigest digest, byte[] expected, List<Path> parts) {
        return new Iterator<>() {
            private boolean compared;

            @Override
            public boolean hasNext() {
                boolean more = lines.hasNext();
                if (!more && expected != null && !compared) {
                    compared = true;
                    if (MessageDigest.isEqual(digest.digest(), expected)) {
                        return false;
                    }
                    throw new CatalogException("the parts changed while they were merged (" + parts
                            + "); nothing was written, merge them again");
                }
                return more;
            }

            @Override
            public String next() {
                String line = lines.next();
                digest.update(line.getBytes(StandardCharsets.UTF_8));
                digest.update((byte) '\n');
                return line;
            }
        };
    }

    /**
     * The parts' lines merged in order, each checked for ascending order and, with {@code check}, as {@code verify}
     * would.
     */
    private static Iterator<String> checkedMerge(List<Path> parts, LineCheck check, ObjLongConsumer<String> progress,
                                                 String stage) {
        long[] lines = {0};
        List<Iterator<String>> sources = new ArrayList<>();
        for (Path f : parts) {
            NativeCatalog.Reader r = NativeCatalog.reader(f);
            sources.add(new Iterator<>() {
                private String next = advance(null);

                private String advance(String previous) {
                    String line = r.next();
                    if (line == null) {
                        r.close();
                        return null;
                    }
                    progress.accept(stage, ++lines[0]);
                    String problem = check == null ? null : check.problem(line);
                    if (problem != null) {
                        r.close();
                        throw CatalogException.at(f.toString(), r.lineNumber(), "not a valid solution: " + problem);
                    }
                    if (previous != null && line.compareTo(previous) <= 0) {
                        r.close();
                        throw CatalogException.at(f.toString(), r.lineNumber(), "solutions out of order or repeated; "
                                + "a shard catalog is sorted (edited by hand?)");
                    }
                    return line;
                }

                @Override
                public boolean hasNext() {
                    return next != null;
                }

                @Override
                public String next() {
                    String out = next;
                    next = advance(out);
                    return out;
                }
            });
        }
        return LineStore.merge(sources);
    }
}
