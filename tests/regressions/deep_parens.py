system_prompt = "Always answer in English."
