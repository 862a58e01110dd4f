"""The session cache: parsed passports and read logs, in typed rows."""
