import * as endpoints from '@bracelet/contracts/endpoints';
import { api, Button, EmailField, FormMessage, TextField, useForm } from '@bracelet/ui';
import { useState } from 'react';
import { Link, useSearchParams } from 'react-router-dom';
import { ContentPage } from './content/ContentPage';

const FAILED = 'Votre demande n’a pas pu être envoyée. Veuillez réessayer.';

/**
 * /retractation: the withdrawal button (EU directive 2023/2673, in force since 19 June 2026). No
 * account needed: name, order number, e-mail, then 'Confirmer la rétractation'. The answer is the
 * same whatever the order; the acknowledgment goes by e-mail to the order's address.
 */
export default function WithdrawalPage() {
  const [params] = useSearchParams();
  const [sent, setSent] = useState<string>();
  const form = useForm({ name: '', order_number: (params.get('order') ?? '').slice(0, 20), email: '' });
  const send = () =>
    form.submit((signal) => api(endpoints.requestWithdrawal(), { signal, json: form.values }), {
      fieldErrors: true,
      failure: (failure) => (failure.status === 400 || failure.status === 429 ? (failure.message ?? FAILED) : FAILED),
      onSuccess: (data) => setSent(data.message),
    });
  const done = sent !== undefined;
  return (
    <ContentPage title="Se rétracter du contrat">
      <p>
        Vous disposez de 14 jours à compter de la réception de votre commande pour vous rétracter, sans avoir à vous justifier (voir nos{' '}
        <Link to="/cgv">conditions générales de vente</Link>). Indiquez la commande concernée : nous vous envoyons aussitôt un accusé de
        réception par e-mail, avec la date et l’heure de votre demande.
      </p>
      {done ? null : (
        <form className="checkout-form" onSubmit={form.onSubmit(send)} noValidate>
          <TextField label="Votre nom" autoComplete="name" required maxLength={120} {...form.field('name')} />
          <TextField
            label="Numéro de commande"
            hint="Il figure dans votre e-mail de confirmation, par exemple BQ-001234."
            required
            maxLength={20}
            {...form.field('order_number')}
          />
          <EmailField hint="L’adresse utilisée pour la commande." {...form.field('email')} />
          <Button type="submit" state={form.button}>
            Confirmer la rétractation
          </Button>
        </form>
      )}
      <FormMessage message={sent ? { kind: 'success', text: sent } : form.message} />
    </ContentPage>
  );
}
