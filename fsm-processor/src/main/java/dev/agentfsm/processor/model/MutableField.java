package dev.agentfsm.processor.model;

/**
 * A non-final instance field of a state class, which every agent and thread would share.
 *
 * @param name the field's name
 * @param origin the field, where the warning points
 */
public record MutableField(String name, Origin origin) {}
