package dev.agentfsm.benchmarks.dispatch;

import java.lang.reflect.InvocationTargetException;
import java.util.HashMap;
import java.util.Map;
import java.util.concurrent.ConcurrentHashMap;

/**
 * UFO's {@code AgentStateManager} in Java: a registry from status to state class, filled at start-up
 * (UFO's {@code @register} decorator), states instantiated lazily by reflection on first lookup and
 * cached in a concurrent map, and a none state for a status nobody registered.
 */
final class UfoStateManager {
    private final String machine;
    private final Map<String, Class<? extends UfoState>> registry = new HashMap<>();
    private final ConcurrentHashMap<String, UfoState> instances = new ConcurrentHashMap<>();
    private final UfoState none;

    UfoStateManager(String machine, UfoState none) {
        this.machine = machine;
        this.none = none;
    }

    /** Registers {@code type} under {@code status}; UFO's decorator does this when the module loads. */
    UfoStateManager register(String status, Class<? extends UfoState> type) {
        registry.put(status, type);
        return this;
    }

    /** The cached state for {@code status}, created on first use; the none state when none is registered. */
    UfoState get(String status) {
        UfoState state = instances.get(status);
        return state != null ? state : instances.computeIfAbsent(status, this::create);
    }

    private UfoState create(String status) {
        Class<? extends UfoState> type = registry.get(status);
        if (type == null) {
            return none;
        }
        try {
            return type.getDeclaredConstructor().newInstance();
        } catch (InstantiationException | IllegalAccessException | NoSuchMethodException e) {
            throw new IllegalStateException(machine + " cannot instantiate the state class " + type.getName(), e);
        } catch (InvocationTargetException e) {
            throw new IllegalStateException(
                    machine + " state " + type.getName() + " failed to construct", e.getCause());
        }
    }
}
