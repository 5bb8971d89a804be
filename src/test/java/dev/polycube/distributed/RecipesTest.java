package dev.polycube.distributed;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import com.fasterxml.jackson.databind.DeserializationFeature;
import com.fasterxml.jackson.dataformat.yaml.YAMLMapper;
import io.fabric8.kubernetes.api.model.Container;
import io.fabric8.kubernetes.api.model.batch.v1.Job;
import java.lang.reflect.Method;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Collection;
import java.util.IdentityHashMap;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;

/**
 * The scheduler recipes in docs/distributed.md, read from that page (the very text users copy): the
 * Kubernetes manifest against the Job API model (fabric8's generated classes: field names and types), and
 * both recipes run the shared {@code scripts/shard-task}. The Slurm recipe is also run for real (SlurmIT).
 */
class RecipesTest {

    static String block(String name) throws Exception {
        String doc = Files.readString(Path.of("docs", "distributed.md"));
        int a = doc.indexOf("<!-- begin " + name + " -->");
        int b = doc.indexOf("<!-- end " + name + " -->");
        assertTrue(a >= 0 && b > a, "docs/distributed.md has no block " + name);
        String inner = doc.substring(a, b);
        return inner.substring(inner.indexOf('\n', inner.indexOf("```")) + 1, inner.lastIndexOf("```"));
    }

    @Test
    void theKubernetesRecipeIsAValidIndexedJobRunningShardTask() throws Exception {
        YAMLMapper yaml = new YAMLMapper();
        yaml.enable(DeserializationFeature.FAIL_ON_UNKNOWN_PROPERTIES);
        Job job = yaml.readValue(block("polycube-job.yaml"), Job.class);
        assertEquals("batch/v1", job.getApiVersion());
        assertEquals("Job", job.getKind());
        assertEquals("Indexed", job.getSpec().getCompletionMode());
        assertTrue(job.getSpec().getParallelism() <= job.getSpec().getCompletions());
        assertTrue(List.of("OnFailure", "Never").contains(job.getSpec().getTemplate().getSpec().getRestartPolicy()));
        Container c = job.getSpec().getTemplate().getSpec().getContainers().get(0);
        String command = String.join(" ", c.getCommand()) + " " + String.join(" ", c.getArgs());
        assertTrue(command.contains("scripts/shard-task") && command.contains("$((JOB_COMPLETION_INDEX + 1))"), command);
        assertEquals(List.of(), unknownFields(job, "job", new IdentityHashMap<>()), "fields the Job API does not have");
    }

    @Test
    void theSlurmRecipeRequeuesAndRunsShardTask() throws Exception {
        String sbatch = block("polycube-array.sbatch");
        assertTrue(sbatch.startsWith("#!/bin/bash"), sbatch);
        assertTrue(sbatch.contains("#SBATCH --requeue"), sbatch);
        assertTrue(sbatch.contains("scripts/shard-task") && sbatch.contains("$SLURM_ARRAY_TASK_ID"), sbatch);
        assertTrue(Files.isExecutable(Path.of("scripts", "shard-task")) && Files.isExecutable(Path.of("scripts", "slurm-local")));
    }

    /** fabric8 keeps fields it does not know in additionalProperties; a valid manifest leaves them all empty. */
    private static List<String> unknownFields(Object o, String path, Map<Object, Boolean> seen) throws Exception {
        List<String> out = new ArrayList<>();
        if (o == null || seen.put(o, true) != null || !o.getClass().getName().startsWith("io.fabric8")) {
            if (o instanceof Collection<?> list) {
                int i = 0;
                for (Object e : list) {
                    out.addAll(unknownFields(e, path + "[" + i++ + "]", seen));
                }
            }
            return out;
        }
        for (Method m : o.getClass().getMethods()) {
            if (m.getParameterCount() != 0 || !m.getName().startsWith("get") || m.getName().equals("getClass")) {
                continue;
            }
            Object v = m.invoke(o);
            if (m.getName().equals("getAdditionalProperties")) {
                if (v instanceof Map<?, ?> extra && !extra.isEmpty()) {
                    out.add(path + ": " + extra.keySet());
                }
            } else {
                out.addAll(unknownFields(v, path + "." + m.getName().substring(3), seen));
            }
        }
        return out;
    }
}
