{{/*
Names and labels shared by the templates. A component's resources are named <release>-<component>
(e.g. aura-identity), which is also the host other components dial (see IDENTITY_GRPC_URL in values).
Call with (dict "root" $ "name" "<component>").
*/}}
{{- define "aura.componentName" -}}
{{- printf "%s-%s" .root.Release.Name .name | trunc 63 | trimSuffix "-" -}}
{{- end -}}

{{- define "aura.envConfigMapName" -}}
{{- printf "%s-env" .Release.Name | trunc 63 | trimSuffix "-" -}}
{{- end -}}

{{- define "aura.selectorLabels" -}}
app.kubernetes.io/name: {{ .root.Chart.Name }}
app.kubernetes.io/instance: {{ .root.Release.Name }}
app.kubernetes.io/component: {{ .name }}
{{- end -}}

{{- define "aura.labels" -}}
{{ include "aura.selectorLabels" . }}
app.kubernetes.io/version: {{ .root.Chart.AppVersion | quote }}
app.kubernetes.io/part-of: aura
app.kubernetes.io/managed-by: {{ .root.Release.Service }}
helm.sh/chart: {{ printf "%s-%s" .root.Chart.Name .root.Chart.Version | replace "+" "_" }}
{{- end -}}

{{/* An env value from values: templated, nil as "". */}}
{{- define "aura.envValue" -}}
{{- if kindIs "invalid" .value -}}
{{- "" -}}
{{- else -}}
{{- tpl (toString .value) .root -}}
{{- end -}}
{{- end -}}

{{/* The Secret the components' secretEnv keys come from: secrets.existingSecret or <release>-secrets. */}}
{{- define "aura.secretName" -}}
{{- if .Values.secrets.existingSecret -}}
{{- tpl .Values.secrets.existingSecret . -}}
{{- else -}}
{{- printf "%s-secrets" .Release.Name | trunc 63 | trimSuffix "-" -}}
{{- end -}}
{{- end -}}

{{/* The Secret with identity's signing key (key jwt-private.pem): jwt.existingSecret or <release>-jwt-signing-key. */}}
{{- define "aura.jwtSecretName" -}}
{{- if .Values.jwt.existingSecret -}}
{{- tpl .Values.jwt.existingSecret . -}}
{{- else -}}
{{- printf "%s-jwt-signing-key" .Release.Name | trunc 63 | trimSuffix "-" -}}
{{- end -}}
{{- end -}}

{{/* Labels every resource of the release carries that is not one component's. */}}
{{- define "aura.releaseLabels" -}}
app.kubernetes.io/name: {{ .Chart.Name }}
app.kubernetes.io/instance: {{ .Release.Name }}
app.kubernetes.io/version: {{ .Chart.AppVersion | quote }}
app.kubernetes.io/part-of: aura
app.kubernetes.io/managed-by: {{ .Release.Service }}
helm.sh/chart: {{ printf "%s-%s" .Chart.Name .Chart.Version | replace "+" "_" }}
{{- end -}}

{{/* The Secret of the internal PKI (ca.crt, <component>.crt/.key): internalPki.existingSecret or <release>-internal-pki. */}}
{{- define "aura.internalPkiSecretName" -}}
{{- if .Values.internalPki.existingSecret -}}
{{- tpl .Values.internalPki.existingSecret . -}}
{{- else -}}
{{- printf "%s-internal-pki" .Release.Name | trunc 63 | trimSuffix "-" -}}
{{- end -}}
{{- end -}}
