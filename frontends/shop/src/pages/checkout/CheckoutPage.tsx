import * as endpoints from '@bracelet/contracts/endpoints';
import type { CreatePaymentIntentResponse } from '@bracelet/contracts/http';
import { api, clearCart, FormMessage, subtotalCents, useCart, useSession, useSubmit } from '@bracelet/ui';
import { lazy, type ReactNode, Suspense, useEffect, useRef, useState } from 'react';
import toast from 'react-hot-toast';
import { Navigate, useNavigate } from 'react-router-dom';
import { Breadcrumb } from '../../parts/Breadcrumb';
import { useTitle } from '../../parts/page';
import { ContactStep } from './ContactStep';
import { type ContactValues, customerOf, EMPTY_CONTACT } from './contact';
import { OrderSummary } from './OrderSummary';
import type { PaymentOutcome } from './payment';
import { keepPendingPayment } from './pending-payment';
import { ShippingStep } from './ShippingStep';
import { SimulatedCardForm } from './SimulatedCardForm';
import { DEFAULT_SHIPPING, DELIVERY_LABELS, deliveryOf, type ShippingChoice, shippingCentsOf } from './shipping';

/** Stripe Elements only with real Stripe: the simulated mode never loads its code. */
const StripeCardForm = lazy(() => import('./StripeCardForm'));

type Step = 'contact' | 'shipping' | 'payment';
const ORDER: Step[] = ['contact', 'shipping', 'payment'];

/** Spec §8's toasts. */
const NO_CLIENT_SECRET = 'Erreur lors de la création du paiement';
const INTENT_FAILED = "Erreur lors de l'initialisation du paiement";

/**
 * /checkout (spec §2.12): three accordion steps — Contact, Livraison, Paiement — and the summary.
 * Every amount is the server's: 'Continuer' on the shipping step creates the order and its payment
 * (POST /create-payment-intent), which answers what is charged. Only Stripe's webhook makes the
 * order paid; /success follows it.
 */
export default function CheckoutPage() {
  useTitle('Commande');
  const lines = useCart();
  const session = useSession();
  const navigate = useNavigate();
  const [step, setStep] = useState<Step>('contact');
  const [reached, setReached] = useState<Step>('contact');
  const [contact, setContact] = useState<ContactValues>(EMPTY_CONTACT);
  const [shipping, setShipping] = useState<ShippingChoice>(DEFAULT_SHIPPING);
  const [charged, setCharged] = useState<CreatePaymentIntentResponse | null>(null);
  const [paid, setPaid] = useState(false);
  const intent = useSubmit({ repeatable: true });
  const prefilled = useRef(false);

  // A logged-in parent's account and delivery details fill the contact step (what is typed stays).
  const parentId = session.status === 'signed-in' ? session.session.parent_id : undefined;
  useEffect(() => {
    if (!parentId || prefilled.current) return;
    prefilled.current = true;
    const away = new AbortController();
    void api(endpoints.parent(parentId), { signal: away.signal }).then((result) => {
      if (!result.ok) return;
      const account = result.data;
      const known: ContactValues = {
        email: account.email,
        prenom: account.first_name,
        nom: account.last_name,
        telephone: account.phone ?? '',
        adresse: account.address ?? '',
        codePostal: account.postal_code ?? '',
        ville: account.city ?? '',
        country: 'France',
      };
      setContact((typed) => {
        const merged = { ...typed };
        for (const key of Object.keys(known) as (keyof ContactValues)[])
          if (!typed[key].trim() || key === 'country') merged[key] = known[key];
        return merged;
      });
    });
    return () => away.abort();
  }, [parentId]);

  if (lines.length === 0 && !paid) return <Navigate to="/cart" replace />;

  const goods = subtotalCents(lines);
  const reachedIndex = ORDER.indexOf(reached);
  const reach = (next: Step) => {
    setStep(next);
    if (ORDER.indexOf(next) > reachedIndex) setReached(next);
  };
  /** A change before paying: the payment asked for no longer matches, it is asked again. */
  const invalidatePayment = () => {
    if (!charged) return;
    setCharged(null);
    setReached('shipping');
  };

  async function requestPayment() {
    const delivery = deliveryOf(shipping);
    const shippingCents = shippingCentsOf(delivery, goods);
    const ok = await intent.submit(
      (signal) =>
        api(endpoints.createPaymentIntent(), {
          signal,
          json: {
            // Sent as the spec's shop sends them; the server prices the order itself.
            order_amount: goods / 100,
            shipping_amount: shippingCents / 100,
            total_amount: (goods + shippingCents) / 100,
            items: lines,
            parent_id: parentId ?? null,
            shipping_method: shipping.method,
            delivery_option: shipping.method === 'laposte' ? shipping.option : null,
            relay_point: shipping.method === 'mondialrelay' ? shipping.relay : null,
            customer: customerOf(contact),
          },
        }),
      {
        failure: (failure) => (failure.status === 400 || failure.status === 429 ? (failure.message ?? INTENT_FAILED) : INTENT_FAILED),
        onFailure: (failure) => {
          const detail = failure.fields ? Object.values(failure.fields).flat()[0] : undefined;
          toast.error(detail ? `${INTENT_FAILED} : ${detail}` : INTENT_FAILED, { id: 'checkout-intent' });
        },
        onSuccess: (data: CreatePaymentIntentResponse) => {
          if (!data?.client_secret) {
            toast.error(NO_CLIENT_SECRET, { id: 'checkout-intent' });
            return;
          }
          setCharged(data);
          keepPendingPayment({
            order_id: data.order_id,
            order_number: data.order_number,
            client_secret: data.client_secret,
            total_amount: data.total_amount,
          });
          reach('payment');
        },
      },
    );
    return ok;
  }

  function onPayment(outcome: PaymentOutcome) {
    if (!charged) return;
    if (outcome.kind === 'succeeded') {
      setPaid(true);
      clearCart();
      navigate(`/success?order_id=${encodeURIComponent(charged.order_id)}`);
    } else if (outcome.kind === 'redirect') {
      window.location.assign(outcome.url);
    }
  }

  const summaryOf: Record<Step, ReactNode> = {
    contact: (
      <>
        {contact.prenom} {contact.nom} — {contact.email}
        <br />
        {contact.adresse}, {contact.codePostal} {contact.ville}
      </>
    ),
    shipping:
      shipping.method === 'mondialrelay' && shipping.relay
        ? `${DELIVERY_LABELS.relay.title} : ${shipping.relay.Nom}, ${shipping.relay.CP} ${shipping.relay.Ville}`
        : DELIVERY_LABELS[deliveryOf(shipping)].title,
    payment: null,
  };

  const section = (which: Step, number: number, title: string, body: ReactNode) => {
    const open = step === which;
    const done = ORDER.indexOf(which) < ORDER.indexOf(step) || (ORDER.indexOf(which) < reachedIndex && !open);
    const canEdit = !open && ORDER.indexOf(which) <= reachedIndex && which !== 'payment';
    return (
      <section className={`checkout-step${open ? ' checkout-step--open' : ''}`} aria-labelledby={`checkout-${which}`}>
        <div className="checkout-step__head">
          <h2 id={`checkout-${which}`}>
            <span className="checkout-step__number">{number}</span> {title}
          </h2>
          {canEdit ? (
            <button type="button" className="linkish" onClick={() => setStep(which)} aria-label={`Modifier : ${title}`}>
              Modifier
            </button>
          ) : null}
        </div>
        {open ? body : done ? <p className="checkout-step__summary">{summaryOf[which]}</p> : null}
      </section>
    );
  };

  return (
    <div className="container checkout">
      <Breadcrumb trail={[{ label: 'Mon panier', to: '/cart' }, { label: 'Commande' }]} />
      <h1>Commande</h1>
      <div className="checkout__layout">
        <div className="checkout__steps">
          {section(
            'contact',
            1,
            'Contact',
            <ContactStep
              values={contact}
              onChange={(values) => {
                setContact(values);
                invalidatePayment();
              }}
              onContinue={() => reach('shipping')}
            />,
          )}
          {section(
            'shipping',
            2,
            'Livraison',
            <>
              <ShippingStep
                choice={shipping}
                goodsCents={goods}
                postcode={contact.codePostal}
                button={intent.button}
                onChange={(choice) => {
                  setShipping(choice);
                  invalidatePayment();
                }}
                onContinue={() => void requestPayment()}
              />
              <FormMessage message={intent.message} />
            </>,
          )}
          {section(
            'payment',
            3,
            'Paiement',
            charged ? (
              charged.mode === 'stripe' ? (
                <Suspense fallback={null}>
                  <StripeCardForm
                    publishableKey={charged.publishable_key}
                    orderId={charged.order_id}
                    clientSecret={charged.client_secret}
                    totalCents={charged.amounts_cents.total}
                    onOutcome={onPayment}
                  />
                </Suspense>
              ) : (
                <SimulatedCardForm
                  orderId={charged.order_id}
                  paymentIntent={charged.payment_intent}
                  clientSecret={charged.client_secret}
                  totalCents={charged.amounts_cents.total}
                  onOutcome={onPayment}
                />
              )
            ) : null,
          )}
        </div>
        <OrderSummary
          lines={lines}
          shippingCents={reachedIndex >= 1 ? shippingCentsOf(deliveryOf(shipping), goods) : undefined}
          charged={charged}
        />
      </div>
    </div>
  );
}
